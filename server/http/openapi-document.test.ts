// First: it gives zod's schemas `.openapi()`, which the contract's schemas need when they are built.
import '@hono/zod-openapi';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_ACCESS } from '../../contract/navigation/endpoint-access';
import { buildApi } from '../app';
import { buildOpenApiDocument } from './openapi-document';
import { OPERATION_IDS } from './operation-ids';
import { operationKey } from './operations';

// What a client generator reads from the document: a name for every operation and how to
// authenticate it (docs/decisions/022-api-contract-lint.md).
const document = buildOpenApiDocument(buildApi('pglite'));
type Operation = { operationId?: string; security?: Record<string, string[]>[] };
const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item ?? {}).map(([method, op]) => ({ key: operationKey(method, path), method, op: op as Operation })),
);
const schemes = Object.keys(document.components?.securitySchemes ?? {});

/** Every operation contract/api defines (docs/decisions/037-operations-defined-once.md). */
async function definedOperations(): Promise<string[]> {
  const dir = new URL('../../contract/api/', import.meta.url);
  const modules = await Promise.all(
    readdirSync(dir)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => import(new URL(name, dir).href) as Promise<Record<string, unknown>>),
  );
  return modules.flatMap((exports) =>
    Object.values(exports).flatMap((value) => {
      const op = value as { method?: unknown; path?: unknown; answers?: unknown };
      return typeof op?.method === 'string' && typeof op.path === 'string' && op.answers
        ? [operationKey(op.method, op.path)]
        : [];
    }),
  );
}

describe('the OpenAPI document', () => {
  it('lists exactly the operations defined once in contract/api, each with the pages it serves', async () => {
    const defined = await definedOperations();
    expect(new Set(defined).size, 'each operation defined once').toBe(defined.length);
    expect([...defined].sort()).toEqual(operations.map((o) => o.key).sort());
    expect(defined.filter((key) => !(key in ENDPOINT_ACCESS))).toEqual([]);
  });

  it('lists the API’s operations', () => {
    expect(operations.length).toBeGreaterThan(80);
    expect(operations.map((o) => o.key)).toContain('POST /approvals/{id}/approve');
  });

  it('names every operation once, in camelCase', () => {
    const ids = operations.map((o) => o.op.operationId);
    for (const { key, op } of operations) expect(op.operationId, key).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.find((o) => o.key === 'POST /approvals/{id}/approve')?.op.operationId).toBe('approveApproval');
  });

  it('has no name left for an operation that no longer exists', () => {
    const keys = new Set(operations.map((o) => o.key));
    expect(Object.keys(OPERATION_IDS).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('says how to authenticate every operation, with declared schemes only', () => {
    for (const { key, op } of operations) {
      expect(op.security, key).toBeDefined();
      for (const requirement of op.security ?? [])
        expect(schemes).toEqual(expect.arrayContaining(Object.keys(requirement)));
    }
  });

  it('declares public exactly the operations the access table opens without a session', () => {
    for (const { key, op } of operations) {
      const withoutSession = (op.security ?? []).length === 0 || (op.security ?? []).some((r) => !('session' in r));
      expect(withoutSession, key).toBe(ENDPOINT_ACCESS[key]?.kind === 'public');
    }
    const health = operations.find((o) => o.key === 'GET /health');
    expect(health?.op.security).toEqual([]);
  });

  it('asks every write for the XSRF cookie and header, sign-in included', () => {
    const writes = operations.filter((o) => !['get', 'head', 'options'].includes(o.method));
    expect(writes.map((o) => o.key)).toContain('POST /auth/login');
    for (const { key, op } of writes) {
      expect(op.security?.length, key).toBeGreaterThan(0);
      for (const requirement of op.security ?? [])
        expect(requirement, key).toMatchObject({ xsrfCookie: [], xsrfHeader: [] });
    }
  });
});
