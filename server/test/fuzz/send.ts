import { gunzipSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { HEADER, XSRF_COOKIE } from '../../../contract/http';
import { bodyBytes, type TestApi } from '../harness';
import { sessionXsrfToken } from '../../http/xsrf';
import { type Body, type FuzzCase, fileBytes } from './cases';
import type { Operation } from './openapi';

/**
 * Signed-in sessions for the fuzzer. A case that signs a user out (auth/logout, or any 401
 * with sessionExpired) makes the next case sign that user in again.
 */
export class Sessions {
  private readonly tokens = new Map<string, string | null>();
  revoked = '';

  constructor(private readonly api: TestApi) {}

  async tokenOf(username: string): Promise<string | null> {
    if (!this.tokens.has(username)) {
      try {
        this.tokens.set(username, (await this.api.login(username)).token);
      } catch {
        // Locked or refused: this user's cases go out without a session.
        this.tokens.set(username, null);
      }
    }
    return this.tokens.get(username) ?? null;
  }

  forget(username: string) {
    this.tokens.delete(username);
  }
}

const SIGNED_OUT_XSRF = 'fuzz-xsrf-pair-0123456789';

export interface Sent {
  url: string;
  status: number;
  contentType: string;
  /** The response body as text (decompressed). */
  text: string;
  /** Whether the request carried a live session token. */
  session: 'live' | 'none' | 'invalid';
  username: string | null;
}

export interface SendContext {
  api: TestApi;
  sessions: Sessions;
  /** Who sends a "primary" case: admin, or a user allowed to use the operation. */
  primary: string;
  /**
   * The user allowed for a given first path segment, when access depends on it (a report
   * id, a transfer flow): "primary" cases naming that value are sent as that user.
   */
  primaryByPath?: ReadonlyMap<string, string>;
  others: readonly string[];
}

function who(ctx: SendContext, c: FuzzCase): string | null {
  const { identity } = c;
  if (identity.as === 'primary') return ctx.primaryByPath?.get(c.path[0] ?? '') ?? ctx.primary;
  if (identity.as === 'other') return ctx.others[identity.index % ctx.others.length] ?? null;
  if (identity.as === 'user') return identity.username;
  return null;
}

function urlOf(op: Operation, c: FuzzCase): string {
  let i = 0;
  const path = op.path.replace(/\{[^}]+\}/g, () => c.path[i++] ?? '');
  return `/rest${path}${c.query ? `?${c.query}` : ''}`;
}

function bodyOf(body: Body): BodyInit | undefined {
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'json':
      return JSON.stringify(body.value) ?? 'undefined';
    case 'text':
      return body.text;
    case 'form': {
      const form = new FormData();
      for (const part of body.parts) {
        if ('file' in part)
          form.append(part.name, new File([fileBytes(part.file)], part.file.name, { type: part.file.type }));
        else form.append(part.name, part.value);
      }
      return form;
    }
  }
}

function xsrfHeaders(mode: FuzzCase['xsrf'], pair: string): Record<string, string> {
  switch (mode) {
    case 'pair':
      return { cookie: `${XSRF_COOKIE}=${pair}`, [HEADER.xsrf]: pair };
    case 'no-header':
      return { cookie: `${XSRF_COOKIE}=${pair}` };
    case 'no-cookie':
      return { [HEADER.xsrf]: pair };
    case 'mismatch':
      return { cookie: `${XSRF_COOKIE}=${pair}`, [HEADER.xsrf]: `${pair}x` };
    case 'odd-cookie':
      return {
        cookie: `${XSRF_COOKIE}=; ${XSRF_COOKIE}="${pair}"; =;;%zz=%; ${XSRF_COOKIE}=${pair}`,
        [HEADER.xsrf]: pair,
      };
  }
}

function decode(bytes: Buffer, encoding: string | null): string {
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (encoding === 'deflate') return inflateSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

/** Sends one fuzz case the way a browser would (cookies and XSRF pair as the case says). */
export async function send(ctx: SendContext, op: Operation, c: FuzzCase): Promise<Sent> {
  const username = who(ctx, c);
  let token: string | null = null;
  let session: Sent['session'] = 'none';
  if (username) {
    token = await ctx.sessions.tokenOf(username);
    if (token) session = 'live';
  } else if (c.identity.as === 'revoked') {
    token = ctx.sessions.revoked;
    session = 'invalid';
  } else if (c.identity.as === 'garbage') {
    token = c.identity.token;
    session = 'invalid';
  }
  const headers = new Headers(c.headers);
  // A session's pair is the one bound to it (server/http/xsrf.ts); a signed-out one is any equal pair.
  const pair = token ? sessionXsrfToken(ctx.api.config.xsrfSecret, token) : SIGNED_OUT_XSRF;
  for (const [name, value] of Object.entries(xsrfHeaders(c.xsrf, pair))) headers.set(name, value);
  // An empty token is "no session" to the API, like a missing header.
  if (token !== null) headers.set(HEADER.sessionToken, token);
  if (token === '' || (session === 'invalid' && !headers.get(HEADER.sessionToken))) session = 'none';
  const url = urlOf(op, c);
  const response = await ctx.api.request(url, { method: op.method, headers, body: bodyOf(c.body), cookies: false });
  const bytes = Buffer.from(await bodyBytes(response));
  const text = decode(bytes, response.headers.get('content-encoding'));
  const sent: Sent = {
    url,
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text,
    session,
    username,
  };
  // Signed out (auth/logout, or an answer saying the session is gone): the next case signs in again.
  if (username && response.status === 401 && /"sessionExpired":true/.test(text)) ctx.sessions.forget(username);
  return sent;
}

const short = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

function describeBody(body: Body): string {
  switch (body.kind) {
    case 'none':
      return 'no body';
    case 'json':
      return `JSON ${short(JSON.stringify(body.value) ?? 'undefined')}`;
    case 'text':
      return `text ${short(JSON.stringify(body.text))}`;
    case 'form':
      return `multipart ${body.parts
        .map((p) =>
          'file' in p
            ? `${p.name}=<file ${JSON.stringify(short(p.file.name, 40))} ${p.file.type || 'no type'} ${p.file.head} ${fileBytes(p.file).length} bytes>`
            : `${p.name}=${short(JSON.stringify(p.value), 80)}`,
        )
        .join(' ')}`;
  }
}

/** What fast-check prints for a counterexample: the request, readable and cut to size. */
export function describeCase(op: Operation, c: FuzzCase): string {
  const identity =
    c.identity.as === 'other'
      ? `other user #${c.identity.index}`
      : c.identity.as === 'garbage'
        ? `garbage token ${short(JSON.stringify(c.identity.token), 60)}`
        : c.identity.as === 'user'
          ? c.identity.username
          : c.identity.as;
  return [
    `${op.method} ${short(urlOf(op, c), 400)}`,
    `as ${identity}, xsrf ${c.xsrf}, garbled: ${c.focus}`,
    `headers ${short(JSON.stringify(c.headers), 400)}`,
    describeBody(c.body),
  ].join('\n  ');
}

/** Gives a case a readable form in fast-check's failure report. */
export function printable(op: Operation, c: FuzzCase): FuzzCase {
  return Object.assign(c, { [fc.toStringMethod]: () => describeCase(op, c) });
}

const ERROR_KEYS = new Set(['status', 'sessionExpired', 'errors']);
const ENTRY_KEYS = ['code', 'longMessage', 'shortMessage'];
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The property every answer keeps (docs/api.md): never a 5xx; an error is exactly
 * `{ status: false, sessionExpired?: true, errors: [{ code, shortMessage, longMessage }] }`
 * with non-empty strings; a JSON success is exactly `{ status: true, payload }`. Also: no
 * secured operation succeeds without a live session, and no state-changing request succeeds
 * without the XSRF pair.
 */
export function problemsOf(op: Operation, c: FuzzCase, sent: Sent): string[] {
  const problems: string[] = [];
  const { status } = sent;
  const isJson = /^application\/json\b/i.test(sent.contentType);
  let body: unknown;
  if (isJson) {
    try {
      body = JSON.parse(sent.text);
    } catch {
      problems.push('the JSON content type carries a body that is not JSON');
    }
  }
  if (status >= 500) problems.push(`answered ${status}`);
  if (status >= 400) {
    if (!isJson) problems.push(`an error with content type "${sent.contentType}" instead of application/json`);
    else problems.push(...errorShapeProblems(body, status));
  } else if (status >= 200 && status < 300) {
    if (isJson && !op.unenveloped) {
      const ok =
        body !== null &&
        typeof body === 'object' &&
        !Array.isArray(body) &&
        (body as { status?: unknown }).status === true &&
        'payload' in body &&
        Object.keys(body).length === 2;
      if (!ok) problems.push('a JSON success that is not exactly { status: true, payload }');
    } else if (!sent.contentType && status !== 204) {
      problems.push('a success without a content type');
    }
    if (op.secured && sent.session !== 'live') problems.push(`a secured operation succeeded without a live session`);
    if (!SAFE.has(op.method) && c.xsrf !== 'pair' && c.xsrf !== 'odd-cookie') {
      problems.push(`a state-changing request succeeded without the XSRF pair (${c.xsrf})`);
    }
  } else if (!op.statuses.has(String(status))) {
    problems.push(`answered ${status}, which the document does not declare`);
  }
  return problems;
}

function errorShapeProblems(body: unknown, status: number): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return ['an error body that is not an object'];
  const problems: string[] = [];
  const record = body as Record<string, unknown>;
  const extra = Object.keys(record).filter((k) => !ERROR_KEYS.has(k));
  if (extra.length) problems.push(`an error body with extra keys ${extra.join(', ')}`);
  if (record.status !== false) problems.push('an error body whose status is not false');
  if ('sessionExpired' in record) {
    if (record.sessionExpired !== true) problems.push('sessionExpired present but not true');
    if (status !== 401) problems.push(`sessionExpired on a ${status}`);
  }
  const errors = record.errors;
  if (!Array.isArray(errors) || errors.length === 0) {
    problems.push('an error body without a non-empty errors array');
    return problems;
  }
  for (const entry of errors) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      problems.push('an errors entry that is not an object');
      continue;
    }
    const keys = Object.keys(entry).sort();
    if (keys.join() !== ENTRY_KEYS.join()) problems.push(`an errors entry with keys ${keys.join(', ')}`);
    for (const key of ENTRY_KEYS) {
      const value = (entry as Record<string, unknown>)[key];
      if (typeof value !== 'string' || value.trim() === '')
        problems.push(`an errors entry whose ${key} is not a non-empty string`);
    }
  }
  return problems;
}
