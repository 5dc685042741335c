import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER, XSRF_COOKIE } from '../../contract/http';
import { expectFailure } from '../test/expect';
import { createTestApi, type TestApi } from '../test/harness';
import { MAX_JSON_BODY_BYTES } from './body-limit';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const oversizedLogin = () => ({ username: 'admin', password: 'x'.repeat(MAX_JSON_BODY_BYTES) });

describe('the API body limit', () => {
  it('refuses an oversized JSON body with 413 in the error shape, before checking anything', async () => {
    const res = await api.call('POST', '/rest/auth/login', { json: oversizedLogin() });
    expectFailure(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses a streamed body without Content-Length once it passes the limit', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_JSON_BODY_BYTES * 4) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    await api.request('/rest/health');
    const res = await api.request('/rest/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).errors[0].code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses it even on a route that needs a session or the XSRF pair (the body is never read)', async () => {
    const res = await api.request('/rest/wallet-migrations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HEADER.xsrf]: 'none', cookie: `${XSRF_COOKIE}=other` },
      body: JSON.stringify({ filler: 'x'.repeat(MAX_JSON_BODY_BYTES) }),
    });
    expect(res.status).toBe(413);
  });

  it('lets an ordinary sign-in through', async () => {
    const { token } = await api.login('admin');
    expect(token).toBeTruthy();
  });

  it('is declared as a 413 answer in the OpenAPI document for operations with a body', async () => {
    const res = await api.call<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>(
      'GET',
      '/rest/openapi.json',
    );
    expect(res.body.paths['/auth/login']?.post?.responses['413']).toBeDefined();
  });
});
