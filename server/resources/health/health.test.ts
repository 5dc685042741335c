import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test/harness';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('GET /rest/health', () => {
  it('answers in the success envelope with the database engine', async () => {
    const res = await api.call<{ status: boolean; payload: { ok: boolean; database: string } }>('GET', '/rest/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(true);
    expect(res.body.payload.ok).toBe(true);
    expect(res.body.payload.database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('gives a browser without one the XSRF cookie', async () => {
    const res = await api.request('/rest/health', { cookies: false });
    expect(res.headers.get('set-cookie')).toMatch(/XSRF-TOKEN=[^;]+; Path=\/; SameSite=Strict/);
  });
});

describe('error shape', () => {
  it('answers an unknown API path with 404 in the error shape', async () => {
    const res = await api.call('GET', '/rest/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      status: false,
      errors: [{ code: 'NOT_FOUND', shortMessage: 'Not found', longMessage: expect.any(String) }],
    });
  });

  it('publishes the OpenAPI document and a readable reference page', async () => {
    const doc = await api.call<{ openapi: string; paths: Record<string, unknown> }>('GET', '/rest/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.paths).toHaveProperty('/health');
    expect(doc.body.paths).toHaveProperty('/auth/login');
    const page = await api.request('/rest/docs');
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('/rest/auth/login');
    expect(html).not.toMatch(/<script/i);
  });

  it('sends the security headers on every response', async () => {
    const res = await api.request('/rest/health');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('GET /rest/health/live and /rest/health/ready', () => {
  it('answers live without a session', async () => {
    const res = await api.call<{ payload: { ok: boolean } }>('GET', '/rest/health/live');
    expect(res.status).toBe(200);
    expect(res.body.payload.ok).toBe(true);
  });

  it('answers ready with the newest migration when the schema is current', async () => {
    const res = await api.call<{ payload: { ok: boolean; migration: string } }>('GET', '/rest/health/ready');
    expect(res.status).toBe(200);
    expect(res.body.payload.migration).toMatch(/^\d{4}_/);
  });

  // Runs last in this file: it rolls the recorded schema back one migration.
  it('answers ready 503 NOT_READY when the database lacks the newest migration', async () => {
    await api.handle.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const res = await api.call<{ errors: { code: string }[] }>('GET', '/rest/health/ready');
    expect(res.status).toBe(503);
    expect(res.body.errors[0]?.code).toBe('NOT_READY');
    expect((await api.call('GET', '/rest/health/live')).status).toBe(200);
  });
});
