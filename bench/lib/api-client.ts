import { CHANNEL, HEADER, XSRF_COOKIE } from '../../contract/http';

export const DEMO_PASSWORD = 'demo1234';

/** A tiny client for the bench: keeps the XSRF cookie and, once signed in, the session token. */
export class ApiClient {
  private xsrf: string | undefined;
  token: string | undefined;
  profileId: number | undefined;

  constructor(readonly baseUrl: string) {
    if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(baseUrl))
      throw new Error(`The bench only talks to 127.0.0.1, not ${baseUrl}`);
  }

  headers(): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json', [HEADER.channel]: CHANNEL.dashboard };
    if (this.token) headers[HEADER.sessionToken] = this.token;
    if (this.xsrf) headers.cookie = `${XSRF_COOKIE}=${this.xsrf}`;
    return headers;
  }

  /** One request, body read in full; throws unless the answer is 200. */
  async get(path: string): Promise<unknown> {
    const res = await fetch(this.baseUrl + path, { headers: this.headers() });
    this.remember(res);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }

  /** Signs in like the dashboard: GET /rest/health for the XSRF cookie, then POST the form with cookie and header. */
  async login(username: string, password = DEMO_PASSWORD): Promise<void> {
    if (!this.xsrf) await this.get('/rest/health');
    if (!this.xsrf) throw new Error('GET /rest/health did not set the XSRF-TOKEN cookie');
    const res = await fetch(`${this.baseUrl}/rest/auth/login`, {
      method: 'POST',
      headers: { ...this.headers(), 'content-type': 'application/json', [HEADER.xsrf]: this.xsrf },
      body: JSON.stringify({ username, password }),
    });
    this.remember(res);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`Signing in as ${username} answered ${res.status}: ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as { payload?: { sessionId?: string; profile?: { id?: number } } };
    if (!body.payload?.sessionId) throw new Error(`Signing in as ${username} returned no sessionId`);
    this.token = body.payload.sessionId;
    this.profileId = body.payload.profile?.id;
  }

  private remember(res: Response): void {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0 && pair.slice(0, eq).trim() === XSRF_COOKIE) this.xsrf = pair.slice(eq + 1).trim();
    }
  }
}
