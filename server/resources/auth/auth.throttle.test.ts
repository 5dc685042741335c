import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';

type Failure = { errors: { code: string; longMessage: string }[] };

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const attempt = (username: string, password: string, as: TestApi = api, headers: Record<string, string> = {}) =>
  as.call<Failure>('POST', '/rest/auth/login', { json: { username, password }, headers });

async function fail(times: number, username: string, as: TestApi = api, headers: Record<string, string> = {}) {
  for (let i = 0; i < times; i++) {
    expectFailure(await attempt(username, `wrong-${i}`, as, headers), 401, 'INVALID_CREDENTIALS');
  }
}

describe('sign-in throttling per username (defaults: 5 free failures, then 1 s, 2 s, 4 s… up to 60 s)', () => {
  it('answers 429 with Retry-After after five failures, the right password included, and never locks', async () => {
    await fail(5, 'agent');
    const slowed = await attempt('agent', 'demo1234');
    expectFailure(slowed, 429, 'TOO_MANY_ATTEMPTS');
    expect(slowed.headers.get('retry-after')).toBe('1');
    expect(slowed.body.errors[0]?.longMessage).toContain('Wait 1 second');
    // Once the wait is over the right password is checked again, and succeeds.
    api.clock.advance(1000);
    expect((await attempt('agent', 'demo1234')).status).toBe(200);
    // Success forgets the failures: five more are free again.
    await fail(5, 'agent');
  });

  it('doubles the wait with every further failure, up to the ceiling', async () => {
    await fail(5, 'support');
    const waits: string[] = [];
    for (let i = 0; i < 8; i++) {
      const before = await attempt('support', 'still-wrong');
      expect(before.status).toBe(429);
      const seconds = before.headers.get('retry-after') as string;
      waits.push(seconds);
      api.clock.advance(Number(seconds) * 1000);
      expectFailure(await attempt('support', 'still-wrong'), 401, 'INVALID_CREDENTIALS');
    }
    expect(waits).toEqual(['1', '2', '4', '8', '16', '32', '60', '60']);
  });

  it('answers an unknown username exactly as a known one (no answer reveals which exist)', async () => {
    await fail(5, 'kyc-admin');
    await fail(5, 'nobody-by-this-name');
    const known = await attempt('kyc-admin', 'x');
    const unknown = await attempt('nobody-by-this-name', 'x');
    expectFailure(known, 429, 'TOO_MANY_ATTEMPTS');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers.get('retry-after')).toBe(known.headers.get('retry-after'));
  });

  it('forgets failures older than the window', async () => {
    await fail(5, 'bank');
    api.clock.advance(61 * 60_000);
    expectFailure(await attempt('bank', 'wrong-again'), 401, 'INVALID_CREDENTIALS');
    expect((await attempt('bank', 'demo1234')).status).toBe(200);
  });

  it('records each slowed attempt in the audit trail', async () => {
    await fail(5, 'gerant-tefess');
    await attempt('gerant-tefess', 'demo1234');
    const { token } = await api.login('admin');
    const events = await api.call<{ payload: { rows: { action: string; details: unknown }[] } }>(
      'GET',
      '/rest/audit-events?action=auth&pageSize=200',
      { token },
    );
    expect(events.body.payload.rows.find((e) => e.action === 'auth.loginThrottled')?.details).toEqual({
      username: 'gerant-tefess',
      retryAfterSeconds: 1,
    });
  });
});

describe('sign-in throttling per client address (behind one trusted proxy)', () => {
  it('slows an address that fails across many usernames, and not the other addresses', async () => {
    const proxied = api.derive({ TRUST_PROXY_HOPS: '1', LOGIN_ADDRESS_MAX_FAILURES: '6' });
    const from = (address: string) => ({ 'x-forwarded-for': `203.0.113.9, ${address}` });
    for (const name of ['guess-a', 'guess-b', 'guess-c']) await fail(2, name, proxied, from('198.51.100.7'));
    const slowed = await attempt('admin', 'demo1234', proxied, from('198.51.100.7'));
    expectFailure(slowed, 429, 'TOO_MANY_ATTEMPTS');
    expect((await attempt('admin', 'demo1234', proxied, from('198.51.100.8'))).status).toBe(200);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY_HOPS (a client could claim any address)', async () => {
    const direct = api.derive({ LOGIN_ADDRESS_MAX_FAILURES: '2' });
    await fail(3, 'guess-d', direct, { 'x-forwarded-for': '198.51.100.20' });
    // In-process requests have no socket address, so only the username throttle counted them.
    expect((await attempt('report-admin', 'demo1234', direct, { 'x-forwarded-for': '198.51.100.20' })).status).toBe(
      200,
    );
  });
});

describe('demo password in production', () => {
  it('refuses demo1234 when NODE_ENV=production, with the ordinary message', async () => {
    const production = api.derive({ NODE_ENV: 'production' });
    const res = await production.call('POST', '/rest/auth/login', {
      json: { username: 'rapido-manager', password: 'demo1234' },
    });
    const unknown = await production.call('POST', '/rest/auth/login', { json: { username: 'nobody', password: 'x' } });
    expectFailure(res, 401, 'INVALID_CREDENTIALS');
    expect(res.body).toEqual(unknown.body);
    // The same account and password are accepted outside production.
    await api.login('rapido-manager');
  });
});
