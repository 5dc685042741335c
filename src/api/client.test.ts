import { describe, expect, it, vi } from 'vitest';
import type { createBank, listBanks, listFloatAccountChoices, updateBank } from '../../contract/api/banks';
import { z } from 'zod';
import { defineOperation } from '../../contract/api/operation';
import { createApiClient, requestOf } from './client';

/** Operations of the client's own, defined as contract/api defines the real ones. */
const readThing = defineOperation({
  method: 'get',
  path: '/things',
  tags: [],
  summary: 'A read',
  answers: { 200: { description: 'A thing', schema: z.object({ ok: z.number() }) } },
  errors: {},
});
const writeThing = defineOperation({
  method: 'post',
  path: '/things',
  tags: [],
  summary: 'A write',
  body: z.object({ a: z.number() }),
  answers: { 200: { description: 'Saved', schema: z.object({ saved: z.boolean() }) } },
  errors: {},
});
const uploadDocument = defineOperation({
  method: 'post',
  path: '/kyc/accounts/{number}/documents',
  tags: [],
  summary: 'An upload',
  params: z.object({ number: z.string() }),
  upload: z.object({ type: z.string() }),
  answers: { 201: { description: 'Stored', schema: z.object({ id: z.number() }) } },
  errors: {},
});
const downloadDocument = defineOperation({
  method: 'get',
  path: '/kyc/documents/{id}/content',
  tags: [],
  summary: 'A download',
  params: z.object({ id: z.number() }),
  answers: { 200: { description: 'The file', content: { 'image/png': { schema: {} } }, read: 'blob' } },
  errors: {},
});

function fakeFetch(answer: (url: string, init: RequestInit) => Response) {
  const calls: { url: string; headers: Headers; method: string }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, headers: new Headers(init.headers), method: init.method ?? 'GET' });
    return answer(url, init);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(fetch: typeof globalThis.fetch, username = 'admin', onSessionExpired = vi.fn()) {
  return {
    api: createApiClient({
      baseURL: 'http://localhost/rest/',
      fetch,
      session: () => ({ token: 'tok', username }),
      onSessionExpired,
      readCookie: (name) => (name === 'XSRF-TOKEN' ? 'xsrf-value' : undefined),
    }),
    onSessionExpired,
  };
}

describe('the API client (docs/api.md)', () => {
  it('sends the session, channel and JSON headers, and the XSRF header on writes only', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { status: true, payload: { ok: 1 } }));
    const { api } = client(fetch, '221771234567');
    expect(await api.call<typeof readThing>('GET /things')).toEqual({ ok: 1 });
    await api.call<typeof writeThing>('POST /things', { body: { a: 1 } });
    const [read, write] = calls;
    expect(read?.headers.get('X-Session-Token')).toBe('tok');
    expect(read?.headers.get('Channel')).toBe('wap1');
    expect(read?.headers.get('Accept')).toBe('application/json');
    expect(read?.headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(write?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-value');
    expect(write?.headers.get('Content-Type')).toBe('application/json');
  });

  it('names each request with its own X-Request-Id, which the server logs and echoes', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { status: true, payload: {} }));
    const { api } = client(fetch);
    await api.call<typeof readThing>('GET /things');
    await api.call<typeof readThing>('GET /things');
    const [first, second] = calls.map((c) => c.headers.get('X-Request-Id'));
    // The server's request-id middleware accepts word characters, '-' and '=' only.
    expect(first).toMatch(/^[\w-]{8,}$/);
    expect(second).toMatch(/^[\w-]{8,}$/);
    expect(first).not.toBe(second);
  });

  it('lets the browser set the multipart type of a file upload, and still sends the XSRF header', async () => {
    const { fetch, calls } = fakeFetch(() => json(201, { status: true, payload: { id: 1 } }));
    const form = new FormData();
    form.set('type', 'selfie');
    await client(fetch).api.call<typeof uploadDocument>('POST /kyc/accounts/{number}/documents', {
      params: { number: 'CUS-000001' },
      body: form,
    });
    expect(calls[0]?.headers.get('Content-Type')).not.toBe('application/json');
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-value');
  });

  it('reads an expired session from a failed file download as from any other answer', async () => {
    const { fetch } = fakeFetch(() =>
      json(401, {
        status: false,
        sessionExpired: true,
        errors: [{ code: 'SESSION_EXPIRED', shortMessage: 'Expired', longMessage: 'Your session has expired.' }],
      }),
    );
    const { api, onSessionExpired } = client(fetch);
    await expect(
      api.call<typeof downloadDocument>('GET /kyc/documents/{id}/content', { params: { id: 1 }, read: 'blob' }),
    ).rejects.toThrow('Your session has expired.');
    expect(onSessionExpired).toHaveBeenCalledWith('Your session has expired.');
  });

  it('uses the dashboard channel for a named user', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { status: true, payload: {} }));
    await client(fetch, 'admin').api.call<typeof readThing>('GET /things');
    expect(calls[0]?.headers.get('Channel')).toBe('dashboard');
  });

  it('hands a session-expired answer to the session with its first long message', async () => {
    const { fetch } = fakeFetch(() =>
      json(401, {
        status: false,
        sessionExpired: true,
        errors: [{ code: 'SESSION_EXPIRED', shortMessage: 'Expired', longMessage: 'Your session has expired.' }],
      }),
    );
    const { api, onSessionExpired } = client(fetch);
    await expect(api.call<typeof readThing>('GET /things')).rejects.toThrow('Your session has expired.');
    expect(onSessionExpired).toHaveBeenCalledWith('Your session has expired.');
  });

  it('treats a 200 whose body says status false as a failure', async () => {
    const { fetch } = fakeFetch(() =>
      json(200, { status: false, errors: [{ code: 'X', shortMessage: 'No', longMessage: 'Not this time.' }] }),
    );
    await expect(client(fetch).api.call<typeof readThing>('GET /things')).rejects.toThrow('Not this time.');
  });

  it('sends a write again once when the XSRF token was another session’s, with the cookie the refusal set', async () => {
    let cookie = 'other-session-token';
    const { fetch, calls } = fakeFetch((_, init) => {
      if (new Headers(init.headers).get('X-XSRF-TOKEN') === 'own-session-token') {
        return json(200, { status: true, payload: { saved: true } });
      }
      cookie = 'own-session-token';
      return json(403, {
        status: false,
        errors: [{ code: 'XSRF_MISMATCH', shortMessage: 'Request refused', longMessage: 'Reload the page.' }],
      });
    });
    const api = createApiClient({
      baseURL: 'http://localhost/rest/',
      fetch,
      session: () => ({ token: 'tok', username: 'admin' }),
      onSessionExpired: vi.fn(),
      readCookie: () => cookie,
    });
    expect(await api.call<typeof writeThing>('POST /things', { body: { a: 1 } })).toEqual({ saved: true });
    expect(calls.map((c) => c.headers.get('X-XSRF-TOKEN'))).toEqual(['other-session-token', 'own-session-token']);
  });

  describe('calling an operation defined in contract/api', () => {
    it('fills the path from its parameters, escaped, and sends the query and the body', async () => {
      const { fetch, calls } = fakeFetch(() => json(200, { status: true, payload: { id: 3 } }));
      const { api } = client(fetch);
      await api.call<typeof updateBank>('PUT /banks/{id}', { params: { id: 3 }, body: { name: 'CBAO', code: 'CBAO' } });
      await api.call<typeof listFloatAccountChoices>('GET /banks/float-accounts', { query: { bankId: 7 } });
      expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
        'PUT http://localhost/rest/banks/3',
        'GET http://localhost/rest/banks/float-accounts?bankId=7',
      ]);
      expect(requestOf('GET /kyc/accounts/{number}', { number: 'CUS 1/2' }).path).toBe('kyc/accounts/CUS%201%2F2');
    });

    it('answers the payload, and retries a read once when a gateway was busy', async () => {
      let answered = 0;
      const { fetch, calls } = fakeFetch(() =>
        answered++ === 0 ? new Response('busy', { status: 503 }) : json(200, { status: true, payload: { banks: [] } }),
      );
      expect(await client(fetch).api.call<typeof listBanks>('GET /banks')).toEqual({ banks: [] });
      expect(calls).toHaveLength(2);
    });

    it('never retries a write', async () => {
      const { fetch, calls } = fakeFetch(() => new Response('busy', { status: 503 }));
      await expect(
        client(fetch).api.call<typeof createBank>('POST /banks', { body: { name: 'CBAO', code: 'CBAO' } }),
      ).rejects.toThrow();
      expect(calls).toHaveLength(1);
    });
  });
});
