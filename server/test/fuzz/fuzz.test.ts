import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { primaryIdOf, PRIMARY_GROUP_IDS } from '../../../contract/groups';
import { DEMO_USERS } from '../../db/demo-users';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { createTestApi } from '../harness';
import { asText, caseArb, type FuzzCase, wellFormedCaseArb } from './cases';
import { harvest, KnownValues } from './harvest';
import { type OpenApiDocument, type Operation, operationsOf, resolveSchema } from './openapi';
import { describeCase, printable, problemsOf, type SendContext, Sessions, send } from './send';
import { anyString, encode, fits, type ValueContext } from './values';

/**
 * Every operation of the app's own OpenAPI document answers fuzzed path
 * parameters, query strings, bodies and headers with a status below 500, in the envelope of
 * docs/api.md. Operations added later are fuzzed without touching this file.
 *
 * FUZZ_RUNS (default 200) and FUZZ_SEED (default 20231) change the run; each operation's
 * seed is derived from FUZZ_SEED and its key, and a failure prints it with the request.
 * FUZZ_SHRINK=1 shrinks a failure to a smaller request (slower). FUZZ_STATS=1 prints what each
 * operation answered (statuses, time, the user it was fuzzed as); FUZZ_STATS=2 adds samples
 * of its 400s, to see which validation the fuzz keeps hitting.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20231);

/** Operations not fuzzed, each with why. An entry for an operation the document lacks fails. */
const SKIPPED: Record<string, string> = {};

/**
 * Operations whose failure is known and reported to their owner, each naming the failure.
 * They run as expected failures: once fixed, the test says so and the entry must go.
 */
const KNOWN_ISSUES: Record<string, string> = {};

/** A user only the auth/login fuzzing signs in as, so wrong passwords lock nobody else. */
const THROWAWAY = { username: 'fuzz-throwaway', password: 'fuzz-throwaway-pass' };

/**
 * Who the password change is fuzzed as: each wrong current password counts toward the sign-in
 * throttle of its user, and a right one would change it, so no demo user may be the one.
 */
const PASSWORD_CHANGER = 'fuzz-password-changer';

/**
 * The staff account the /users operations act on instead of a demo user: a deactivation, a new
 * password or a new group would end the sessions the fuzzer signs in with.
 */
const STAFF_TARGET = 'fuzz-staff-target';
const staffTarget = { id: '', demoIds: new Set<string>() };
const PASSWORD_CHANGE = 'POST /auth/password';

// The document is read through the app itself, at collection time, so each operation is a test.
const api = await createTestApi();
const doc = (await (await api.request('/rest/openapi.json')).json()) as OpenApiDocument;
const operations = operationsOf(doc);
const sessions = new Sessions(api);
const known = new KnownValues();
const demoNames = new Set(DEMO_USERS.map((u) => u.username.toLowerCase()));

/** Pages the document does not describe (it would describe itself) are fuzzed too. */
const UNDOCUMENTED: Operation[] = ['/openapi.json', '/docs'].map((path) => ({
  key: `GET ${path}`,
  method: 'GET',
  path,
  pathParams: [],
  queryParams: [],
  headerParams: [],
  body: null,
  statuses: new Set(['200']),
  secured: false,
  unenveloped: true,
}));

function seedOf(key: string): number {
  let hash = BASE_SEED | 0;
  for (const ch of key) hash = (Math.imul(hash, 31) + (ch.codePointAt(0) ?? 0)) | 0;
  return hash;
}

const isLogin = (op: Operation) => op.path.startsWith('/auth/login');

function valuesFor(op: Operation): ValueContext {
  if (!isLogin(op)) return { doc, known: (name) => known.get(name), matching: (pattern) => known.matching(pattern) };
  // Sign-in fuzzing guesses passwords: only for the throwaway user, never a demo user.
  return {
    doc,
    known: (name) =>
      name === 'username' ? [THROWAWAY.username] : name === 'password' ? [THROWAWAY.password] : known.get(name),
  };
}

/** The login fuzz never names a demo user (its example does), so no demo account gets locked. */
function protectDemoUsers(op: Operation, c: FuzzCase): FuzzCase {
  if (!isLogin(op) || c.body.kind !== 'json') return c;
  const value = c.body.value;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const username = record.username;
    if (typeof username === 'string' && demoNames.has(username.trim().toLowerCase())) {
      return { ...c, body: { kind: 'json', value: { ...record, username: THROWAWAY.username } } };
    }
  }
  return c;
}

/** A /users/{id} operation never names a demo user: it names the staff target instead. */
function protectDemoAccounts(op: Operation, c: FuzzCase): FuzzCase {
  if (!op.path.startsWith('/users/{id}')) return c;
  const [id, ...rest] = c.path;
  return id !== undefined && staffTarget.demoIds.has(id) ? { ...c, path: [staffTarget.id, ...rest] } : c;
}

const sendContext = (primary: string): SendContext => ({
  api,
  sessions,
  primary,
  others: DEMO_USERS.map((u) => u.username).filter((name) => name !== primary),
});

const probeOrder = (first: string) => [first, ...DEMO_USERS.map((u) => u.username).filter((n) => n !== first)];

/** The first of these users the operation does not refuse (403) this request, if any. */
async function allowedUser(op: Operation, probe: FuzzCase, candidates: readonly string[]): Promise<string | null> {
  for (const username of candidates) {
    const sent = await send(sendContext(username), op, { ...probe, identity: { as: 'user', username } });
    if (sent.status !== 403 || errorCodeOf(sent.text) === 'XSRF_MISMATCH') return username;
  }
  return null;
}

/**
 * Who the well-formed ("primary") cases are sent as, so the fuzz reaches the handlers: admin,
 * unless admin is refused; then the first demo user who is not. When access depends on the
 * path (a report id, a transfer flow, a list kind), each real value of the first path
 * parameter gets the first user allowed to use it. The probes that learn this carry a body
 * that is not JSON, so a state-changing operation refuses them after its access check.
 */
async function usersOf(op: Operation): Promise<{ primary: string; byPath: Map<string, string>; refused: boolean }> {
  const values = valuesFor(op);
  const [sample] = fc.sample(wellFormedCaseArb(values, op), { seed: seedOf(op.key), numRuns: 1 });
  const byPath = new Map<string, string>();
  if (!sample) return { primary: 'admin', byPath, refused: false };
  // Without a body to spoil, the probe is the real request (a deactivation, say), once per user tried.
  const probe: FuzzCase = protectDemoAccounts(
    op,
    op.method === 'GET' || !op.body ? sample : { ...sample, body: { kind: 'text', text: '{' } },
  );
  const found = await allowedUser(op, probe, probeOrder('admin'));
  const primary = found ?? 'admin';
  const [param] = op.pathParams;
  if (!param || (op.method !== 'GET' && !op.body)) return { primary, byPath, refused: found === null };
  const schema = resolveSchema(doc, param.schema);
  const seen = [...new Set([...(schema.enum ?? []), ...values.known(param.name)].filter((v) => fits(schema, v)))];
  const segments = seen.map((v) => encode(asText(v)));
  const withSegment = (segment: string): FuzzCase =>
    protectDemoAccounts(op, { ...probe, path: [segment, ...probe.path.slice(1)] });
  // A dozen values, spread over the list, all allowed: access does not depend on this parameter.
  const step = Math.max(1, Math.ceil(segments.length / 12));
  let dependsOnPath = false;
  for (const segment of segments.filter((_, i) => i % step === 0)) {
    if ((await allowedUser(op, withSegment(segment), [primary])) === null) dependsOnPath = true;
  }
  if (dependsOnPath) {
    for (const segment of segments) {
      const user = await allowedUser(op, withSegment(segment), probeOrder(primary));
      if (user && user !== primary) byPath.set(segment, user);
    }
  }
  return { primary, byPath, refused: found === null && byPath.size === 0 };
}

/** Answers that stop a request before its handler. */
const GATES = new Set(['SESSION_EXPIRED', 'FORBIDDEN', 'XSRF_MISMATCH']);

function errorCodeOf(text: string): string {
  try {
    return (JSON.parse(text) as { errors?: { code?: string }[] }).errors?.[0]?.code ?? '';
  } catch {
    return '';
  }
}

/** What each operation answered and how long it took, for the summary (FUZZ_STATS=1). */
const statuses = new Map<string, Map<number, number>>();
const timings = new Map<string, number>();
const primaries = new Map<string, string>();

beforeAll(async () => {
  await api.handle.db.insert(users).values({
    username: THROWAWAY.username,
    name: 'Fuzz Throwaway',
    groupId: primaryIdOf('agent', PRIMARY_GROUP_IDS),
    passwordHash: await hashPassword(THROWAWAY.password),
  });
  await api.handle.db.insert(users).values({
    username: PASSWORD_CHANGER,
    name: 'Fuzz Password Changer',
    groupId: primaryIdOf('agent', PRIMARY_GROUP_IDS),
    passwordHash: await hashPassword('demo1234'),
  });
  const [target] = await api.handle.db
    .insert(users)
    .values({
      username: STAFF_TARGET,
      name: 'Fuzz Staff Target',
      groupId: primaryIdOf('agent', PRIMARY_GROUP_IDS),
      passwordHash: await hashPassword('demo1234'),
    })
    .returning({ id: users.id });
  staffTarget.id = String(target?.id);
  const demo = await api.handle.db.select({ id: users.id, username: users.username }).from(users);
  for (const row of demo) if (demoNames.has(row.username.toLowerCase())) staffTarget.demoIds.add(String(row.id));
  // A session that was signed out: its token must be refused like an unknown one.
  const { token } = await api.login('support');
  const logout = await api.call('POST', '/rest/auth/logout', { token });
  expect(logout.status).toBe(200);
  sessions.revoked = token;
  await harvest(sendContext('admin'), operations, known, { doc, known: (name) => known.get(name) });
}, 300_000);

afterAll(async () => {
  if (process.env.FUZZ_STATS) {
    for (const [key, counts] of statuses) {
      const list = [...counts].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
      console.log(
        `${key.padEnd(50)} ${String(timings.get(key) ?? 0).padStart(6)} ms  ${(primaries.get(key) ?? '').padEnd(18)} ${list.join(' ')}`,
      );
    }
  }
  await api.close();
});

describe('the OpenAPI inventory', () => {
  it('lists the operations, and every skipped or known-failing one exists and says why', () => {
    expect(operations.length).toBeGreaterThan(50);
    const keys = new Set(operations.map((op) => op.key));
    for (const [key, reason] of Object.entries({ ...SKIPPED, ...KNOWN_ISSUES })) {
      expect(keys.has(key), `${key} is not in the document any more`).toBe(true);
      expect(reason.trim().length, `${key} needs a written reason`).toBeGreaterThan(10);
    }
  });
});

async function fuzz(op: Operation) {
  const started = performance.now();
  const found = await usersOf(op);
  const { byPath, refused } = found;
  const primary = op.key === PASSWORD_CHANGE ? PASSWORD_CHANGER : found.primary;
  primaries.set(op.key, byPath.size ? `${primary} +${new Set(byPath.values()).size}` : primary);
  const context: SendContext = {
    ...sendContext(primary),
    ...(op.key === PASSWORD_CHANGE ? { others: [PASSWORD_CHANGER] } : {}),
    primaryByPath: byPath,
  };
  const counts = new Map<number, number>();
  statuses.set(op.key, counts);
  /** Well-formed cases, and those of them stopped at a gate. */
  let clean = 0;
  let gated = 0;
  const samples: string[] = [];
  const seed = seedOf(op.key);
  const property = fc.asyncProperty(caseArb(valuesFor(op), op, context.others.length), async (raw) => {
    const c = printable(op, protectDemoAccounts(op, protectDemoUsers(op, raw)));
    const sent = await send(context, op, c);
    counts.set(sent.status, (counts.get(sent.status) ?? 0) + 1);
    if (c.focus === 'none') {
      clean++;
      if (GATES.has(sent.status >= 400 ? errorCodeOf(sent.text) : '')) gated++;
    }
    if (process.env.FUZZ_STATS === '2' && sent.status === 400) samples.push(sent.text.slice(0, 200));
    const problems = problemsOf(op, c, sent);
    if (problems.length) {
      throw new Error(
        `${problems.join('; ')}\n  request (primary user ${primary}): ${describeCase(op, c)}\n  answer: ${sent.status} ${sent.contentType} ${sent.text.slice(0, 600)}`,
      );
    }
  });
  try {
    await fc.assert(property, {
      numRuns: RUNS,
      seed,
      endOnFailure: !process.env.FUZZ_SHRINK,
      includeErrorInReport: true,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${op.key} (seed ${seed}, FUZZ_SEED=${BASE_SEED}, fuzzed as ${primary}):\n${message}`);
  }
  timings.set(op.key, Math.round(performance.now() - started));
  if (samples.length) console.log(`${op.key}\n  ${samples.slice(0, 12).join('\n  ')}`);
  return { primary, counts, clean, gated, refused };
}

describe.each([...operations, ...UNDOCUMENTED].filter((op) => !(op.key in SKIPPED)).map((op) => [op.key, op] as const))(
  '%s',
  (key, op) => {
    const run = KNOWN_ISSUES[key] ? it.fails : it;
    run(
      `answers ${RUNS} fuzzed requests below 500, in the envelope`,
      async () => {
        const { clean, gated, refused } = await fuzz(op);
        // The fuzz must reach the handlers: most well-formed cases get past the session,
        // permission and XSRF gates.
        const why = refused ? ' (every demo user is refused a well-formed request: does any page serve it?)' : '';
        expect(
          gated,
          `${key}: ${gated} of ${clean} well-formed cases were stopped at a gate${why}`,
        ).toBeLessThanOrEqual(clean / 2);
      },
      300_000,
    );
  },
);

describe('paths and methods the API does not have', () => {
  const documented = [...operations, ...UNDOCUMENTED];
  const pathArb = fc.oneof(
    // A documented path, with any method.
    fc.constantFrom(...documented.map((op) => op.path.replace(/\{[^}]+\}/g, '1'))),
    // Made-up paths, some beside real ones.
    fc
      .array(fc.oneof(fc.constantFrom(...documented.map((op) => op.path.split('/')[1] ?? '')), anyString.map(encode)), {
        minLength: 1,
        maxLength: 5,
      })
      .map((segments) => `/${segments.join('/')}`),
  );
  it(`answers ${RUNS} unknown paths and methods below 500, in the envelope`, async () => {
    const context = sendContext('admin');
    const property = fc.asyncProperty(
      fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
      pathArb,
      async (method, path) => {
        const op: Operation = {
          key: `${method} ${path}`,
          method,
          path,
          pathParams: [],
          queryParams: [],
          headerParams: [],
          body: null,
          statuses: new Set(),
          secured: false,
          unenveloped: documented.some((d) => d.unenveloped && d.path === path),
        };
        const c: FuzzCase = {
          focus: 'path',
          identity: { as: 'primary' },
          xsrf: 'pair',
          path: [],
          query: '',
          headers: { accept: 'application/json' },
          body: { kind: 'none' },
        };
        const sent = await send(context, op, c);
        const problems = problemsOf(op, c, sent);
        if (problems.length)
          throw new Error(
            `${problems.join('; ')}\n  ${method} ${path}\n  answer: ${sent.status} ${sent.text.slice(0, 600)}`,
          );
      },
    );
    await fc.assert(property, { numRuns: RUNS, seed: seedOf('unknown paths'), includeErrorInReport: true });
  }, 300_000);
});
