import { createServer } from 'node:net';
import { CHANNEL, HEADER, XSRF_COOKIE } from '../../../contract/http';
import { loadConfig } from '../../config';
import { sessionXsrfToken } from '../../http/xsrf';

/** What the tests that start real servers share: a free port and a browser-like client. */

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export /** A browser's cookie jar and double-submit XSRF header, over real HTTP. */
function httpClient(base: string) {
  const jar = new Map<string, string>();
  const send = async (method: string, path: string, options: { json?: unknown; token?: string } = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', [HEADER.channel]: CHANNEL.dashboard };
    if (options.token) headers[HEADER.sessionToken] = options.token;
    // The server (not in production) binds XSRF tokens with the secret it inherits, or the development one.
    if (options.token)
      jar.set(
        XSRF_COOKIE,
        sessionXsrfToken(loadConfig({ XSRF_SECRET: process.env.XSRF_SECRET }).xsrfSecret, options.token),
      );
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = jar.get(XSRF_COOKIE);
    if (method !== 'GET' && xsrf) headers[HEADER.xsrf] = xsrf;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}/rest${path}`, {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = (pair ?? '').indexOf('=');
      if (at > 0) jar.set((pair as string).slice(0, at), (pair as string).slice(at + 1));
    }
    return response;
  };
  const json = async <T>(method: string, path: string, options: { json?: unknown; token?: string } = {}) => {
    const response = await send(method, path, options);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as { payload: T } };
  };
  return {
    send,
    json,
    async login(username: string) {
      if (!jar.has(XSRF_COOKIE)) await send('GET', '/health');
      const res = await json<{ sessionId: string }>('POST', '/auth/login', {
        json: { username, password: 'demo1234' },
      });
      if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.payload.sessionId;
    },
  };
}

/**
 * The environment of a server a test starts: this process's, less what names its data, its
 * address or the test worker, with a small demo, quiet logs and `own` on top.
 */
export function serverEnv(own: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !['DATABASE_URL', 'DATA_DIR', 'PORT', 'HOST', 'VITEST', 'VITEST_POOL_ID'].includes(k))
      env[k] = v;
  }
  return { ...env, DEMO_SIZE: 'small', NODE_ENV: 'test', LOG_LEVEL: 'error', ...own };
}
