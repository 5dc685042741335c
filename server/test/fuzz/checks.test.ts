import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FuzzCase } from './cases';
import type { Operation } from './openapi';
import { problemsOf, type Sent } from './send';
import { mutate, wellFormed } from './values';

/** The fuzz's own checks: a property that cannot fail would prove nothing. */

const op = (overrides: Partial<Operation> = {}): Operation => ({
  key: 'POST /things',
  method: 'POST',
  path: '/things',
  pathParams: [],
  queryParams: [],
  headerParams: [],
  body: null,
  statuses: new Set(['200', '400']),
  secured: true,
  ...overrides,
});

const request: FuzzCase = {
  focus: 'none',
  identity: { as: 'primary' },
  xsrf: 'pair',
  path: [],
  query: '',
  headers: {},
  body: { kind: 'none' },
};

const answer = (status: number, body: unknown, overrides: Partial<Sent> = {}): Sent => ({
  url: '/rest/things',
  status,
  contentType: 'application/json',
  text: typeof body === 'string' ? body : JSON.stringify(body),
  session: 'live',
  username: 'admin',
  ...overrides,
});

const error = (entry: Record<string, unknown> = {}) => ({
  status: false,
  errors: [{ code: 'VALIDATION_FAILED', shortMessage: 'Invalid input', longMessage: 'name: required', ...entry }],
});

describe('the fuzz property', () => {
  it('accepts the error shape and the success envelope', () => {
    expect(problemsOf(op(), request, answer(400, error()))).toEqual([]);
    expect(
      problemsOf(op(), request, answer(401, { ...error({ code: 'SESSION_EXPIRED' }), sessionExpired: true })),
    ).toEqual([]);
    expect(problemsOf(op(), request, answer(200, { status: true, payload: null }))).toEqual([]);
    expect(problemsOf(op({ method: 'GET' }), request, answer(200, 'a,b\n', { contentType: 'text/csv' }))).toEqual([]);
  });

  it('refuses a 5xx, even in the error shape', () => {
    expect(problemsOf(op(), request, answer(500, error({ code: 'INTERNAL_ERROR' })))).toEqual(['answered 500']);
  });

  it('refuses an error that is not exactly the shape', () => {
    const cases: [unknown, string][] = [
      [{ ...error(), detail: 'x' }, 'an error body with extra keys detail'],
      [{ status: true, errors: error().errors }, 'an error body whose status is not false'],
      [{ status: false, errors: [] }, 'an error body without a non-empty errors array'],
      [error({ longMessage: ' ' }), 'an errors entry whose longMessage is not a non-empty string'],
      [error({ code: 1 }), 'an errors entry whose code is not a non-empty string'],
      [error({ stack: 'at x' }), 'an errors entry with keys code, longMessage, shortMessage, stack'],
      [{ ...error(), sessionExpired: true }, 'sessionExpired on a 400'],
      ['{"status":false', 'the JSON content type carries a body that is not JSON'],
    ];
    for (const [body, problem] of cases) expect(problemsOf(op(), request, answer(400, body))).toContain(problem);
    expect(problemsOf(op(), request, answer(404, 'Not Found', { contentType: 'text/plain' }))).toEqual([
      'an error with content type "text/plain" instead of application/json',
    ]);
  });

  it('refuses a success outside the envelope, without a session, or without the XSRF pair', () => {
    expect(problemsOf(op(), request, answer(200, { ok: true }))).toEqual([
      'a JSON success that is not exactly { status: true, payload }',
    ]);
    expect(problemsOf(op(), request, answer(200, { status: true, payload: 1 }, { session: 'invalid' }))).toEqual([
      'a secured operation succeeded without a live session',
    ]);
    expect(problemsOf(op(), { ...request, xsrf: 'mismatch' }, answer(200, { status: true, payload: 1 }))).toEqual([
      'a state-changing request succeeded without the XSRF pair (mismatch)',
    ]);
    expect(problemsOf(op({ unenveloped: true, method: 'GET' }), request, answer(200, { openapi: '3.0.3' }))).toEqual(
      [],
    );
    expect(problemsOf(op(), request, answer(302, '', { contentType: '' }))).toEqual([
      'answered 302, which the document does not declare',
    ]);
  });
});

describe('mutations of a valid body', () => {
  const value = { name: 'Awa', contact: { phone: '+221 77 000 00 00' }, tags: ['a'] };

  it('drop, add, retype, enlarge or wrap one part and leave the original alone', () => {
    expect(mutate(value, { kind: 'drop', at: 0 })).toEqual({ contact: value.contact, tags: value.tags });
    expect(mutate(value, { kind: 'wrongType', at: 2, value: 7 })).toEqual({ ...value, contact: { phone: 7 } });
    expect(mutate(value, { kind: 'huge', at: 0, value: 'x'.repeat(5) })).toEqual({ ...value, name: 'xxxxx' });
    expect(mutate(value, { kind: 'wrapInArray' })).toEqual([value]);
    const extra = mutate(value, { kind: 'extra', at: 1, key: '__proto__', value: { admin: true } }) as {
      contact: object;
    };
    // An own "__proto__" key, as JSON.parse makes one, not a prototype change.
    expect(JSON.stringify(extra.contact)).toBe('{"phone":"+221 77 000 00 00","__proto__":{"admin":true}}');
    expect(value).toEqual({ name: 'Awa', contact: { phone: '+221 77 000 00 00' }, tags: ['a'] });
  });

  it('percent-encodes any string, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.constantFrom('', '\ud800', 'a\udfff'), (text, lone) => {
        expect(() => encodeURIComponent(wellFormed(text + lone))).not.toThrow();
      }),
      { seed: 20231 },
    );
  });
});
