/**
 * The authorization matrix (docs/security.md): every operation of the OpenAPI document, called as
 * the demo user of every group (docs/product.md). Whether a call may pass is derived from the
 * registries, never written per case: the pages the operation serves
 * (contract/navigation/endpoint-access.ts) and the links of the user's menu
 * (contract/navigation/menus.ts). A call its menu does not reach is answered 403 in the error
 * shape; a call it does reach is never refused with 403.
 */
// First: the contract's zod schemas get `.openapi()` only once the OpenAPI extension is loaded.
import '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_KINDS } from '../../contract/bulk';
import type { GroupKey } from '../../contract/groups';
import { REPORTS } from '../../contract/reports';
import { TRANSFER_FLOW_IDS } from '../../contract/transfers';
import { BALANCE_IDS } from '../../contract/navigation/balance-routes';
import { ENDPOINT_ACCESS, linksOpenAny } from '../../contract/navigation/endpoint-access';
import { menuFor, menuLinks } from '../../contract/navigation/menus';
import { DEMO_USERS } from '../db/demo-users';
import { associatedMembers, users } from '../db/schema';
import { createTestApi, type TestApi } from './harness';

let api: TestApi;
const sessions = new Map<string, { token: string; links: string[] }>();
let operations: { method: string; template: string }[] = [];

/** Operations called without their effect: logging out would end the session the matrix uses. */
const NOT_CALLED = new Set(['POST /auth/logout']);

beforeAll(async () => {
  api = await createTestApi();
  const doc = (await (await api.request('/rest/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(doc.paths).flatMap(([template, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), template })),
  );
  for (const user of DEMO_USERS) {
    const { token } = await api.login(user.username);
    const [row] = await api.handle.db.select({ id: users.id }).from(users).where(eq(users.username, user.username));
    const members = await api.handle.db
      .select({ memberId: associatedMembers.memberId, memberName: associatedMembers.memberName })
      .from(associatedMembers)
      .where(eq(associatedMembers.brokerUserId, row?.id ?? -1));
    const links = menuLinks(menuFor({ group: user.group as GroupKey, profileName: user.name, members }));
    sessions.set(user.username, { token, links });
  }
}, 120_000);
afterAll(() => api.close());

/** Values for a path parameter: each one the registries tell apart, plus one that names nothing. */
function valuesFor(template: string, name: string): string[] {
  switch (name) {
    case 'reportId':
      return [...REPORTS.map((r) => r.id), 'no-such-report'];
    case 'flowId':
      return [...TRANSFER_FLOW_IDS, 'no-such-flow'];
    case 'kind':
      return template.startsWith('/kyc/') ? ['customers', 'agents', 'merchants', 'nobody'] : [...BULK_KINDS, 'nothing'];
    case 'balanceId':
      return [...new Set(Object.values(BALANCE_IDS)), 'no-such-balance'];
    case 'bankCode':
      return ['BBG', 'BIS'];
    default:
      return ['999999'];
  }
}

function concretePaths(template: string): string[] {
  let paths = [template];
  for (const [, name] of template.matchAll(/\{([^}]+)\}/g)) {
    paths = paths.flatMap((p) => valuesFor(template, name as string).map((v) => p.replace(`{${name}}`, v)));
  }
  return paths;
}

const paramsOf = (template: string, path: string): Record<string, string> => {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
  const values = pattern.exec(path)?.slice(1) ?? [];
  return Object.fromEntries(names.map((n, i) => [n, values[i] ?? '']));
};

describe('authorization matrix', () => {
  it('declares which pages every operation of the API serves', () => {
    const undeclared = operations.map((o) => `${o.method} ${o.template}`).filter((key) => !ENDPOINT_ACCESS[key]);
    expect(undeclared).toEqual([]);
    const unknown = Object.keys(ENDPOINT_ACCESS).filter(
      (key) => !operations.some((o) => `${o.method} ${o.template}` === key),
    );
    expect(unknown).toEqual([]);
  });

  it('answers 403 exactly when the caller’s menu has no page the operation serves', { timeout: 600_000 }, async () => {
    const users = DEMO_USERS.map((u) => ({
      username: u.username,
      ...(sessions.get(u.username) ?? { token: '', links: [] }),
    }));
    // One demo user per distinct menu: users with the same links expect the same answers.
    const callers = users.filter((u, i) => users.findIndex((v) => v.links.join('|') === u.links.join('|')) === i);
    const cases: { method: string; path: string; user: (typeof callers)[number]; allowed: boolean }[] = [];
    for (const { method, template } of operations) {
      const key = `${method} ${template}`;
      const access = ENDPOINT_ACCESS[key];
      if (!access || NOT_CALLED.has(key)) continue;
      // Parameter values that no caller tells apart are called once (e.g. two reports open to the same groups).
      const seen = new Set<string>();
      for (const path of concretePaths(template)) {
        const pages = access.kind === 'pages' ? access.pages(paramsOf(template, path)) : [];
        // Parameters naming no page are left to the resource (404 or 400), for everyone.
        const verdicts = callers.map(
          (u) => access.kind !== 'pages' || pages.length === 0 || linksOpenAny(u.links, pages),
        );
        const signature = verdicts.join('');
        if (seen.has(signature)) continue;
        seen.add(signature);
        callers.forEach((user, i) => {
          cases.push({ method, path, user, allowed: verdicts[i] as boolean });
        });
      }
    }
    const mismatches: string[] = [];
    const check = async ({ method, path, user, allowed }: (typeof cases)[number]) => {
      const res = await api.call<unknown>(method, `/rest${path}`, {
        token: user.token,
        json: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      const refused = res.status === 403;
      const shaped = !refused || (res.body as { status?: boolean } | null)?.status === false;
      if (refused !== !allowed || !shaped || res.status >= 500) {
        mismatches.push(
          `${user.username} ${method} ${path}: expected ${allowed ? 'not 403' : '403'}, got ${res.status}`,
        );
      }
    };
    // A few calls at a time: the database answers one query at a time, but the requests overlap their waits.
    for (let i = 0; i < cases.length; i += 6) await Promise.all(cases.slice(i, i + 6).map(check));
    expect(mismatches).toEqual([]);
    expect(cases.length).toBeGreaterThan(operations.length);
  });
});
