/**
 * A demo user's session of its own against the test server, as another tab or another person
 * would have: for a path test to prepare what the page will meet, or to change it meanwhile.
 */
import { expect, type PlaywrightWorkerArgs } from '@playwright/test';
import { HEADER, XSRF_COOKIE } from '../../../contract/http';
import { openApi, passwordSession } from './two-factor';

export interface ApiSession {
  get<T>(path: string, query?: Record<string, string | number>): Promise<T>;
  /** A POST with the XSRF pair and a fresh idempotency key; the answer must be a success. */
  post<T>(path: string, data: unknown): Promise<T>;
  /** A PUT, likewise. */
  put<T>(path: string, data: unknown): Promise<T>;
  dispose(): Promise<void>;
}

export async function apiSession(
  playwright: PlaywrightWorkerArgs['playwright'],
  username: string,
): Promise<ApiSession> {
  const api = await openApi(playwright);
  const token = await passwordSession(api, username);
  const payload = async <T>(response: Awaited<ReturnType<typeof api.get>>, what: string): Promise<T> => {
    expect(response.ok(), `${what}: ${await response.text()}`).toBe(true);
    return ((await response.json()) as { payload: T }).payload;
  };
  const send = async <T>(method: 'post' | 'put', path: string, data: unknown): Promise<T> => {
    const xsrf = (await api.storageState()).cookies.find((c) => c.name === XSRF_COOKIE)?.value ?? '';
    const response = await api[method](`/rest/${path}`, {
      data,
      headers: { [HEADER.sessionToken]: token, [HEADER.xsrf]: xsrf, [HEADER.idempotencyKey]: crypto.randomUUID() },
    });
    return payload<T>(response, path);
  };
  return {
    async get(path, query) {
      return payload(
        await api.get(`/rest/${path}`, { params: query, headers: { [HEADER.sessionToken]: token } }),
        path,
      );
    },
    post: (path, data) => send('post', path, data),
    put: (path, data) => send('put', path, data),
    dispose: () => api.dispose(),
  };
}
