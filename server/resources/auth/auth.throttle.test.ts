import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { clearFailures } from '../../domain/sign-in/throttle';

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

const proxied = () => api.derive({ TRUST_PROXY_HOPS: '1' });
const from = (address: string) => ({ 'x-forwarded-for': `203.0.113.9, ${address}` });

describe('sign-in throttling per source (one address, one username), behind one trusted proxy', () => {
  it('lets the owner in from another address at once while a guesser keeps failing from one', async () => {
    const site = proxied();
    const guesser = from('198.51.100.40');
    await fail(5, 'merchant', site, guesser);
    for (let round = 0; round < 4; round++) {
      // The guesser sends one wrong password each time its wait is over.
      const slowed = await attempt('merchant', 'demo1234', site, guesser);
      expectFailure(slowed, 429, 'TOO_MANY_ATTEMPTS');
      site.clock.advance(Number(slowed.headers.get('retry-after')) * 1000);
      expectFailure(await attempt('merchant', `guess-${round}`, site, guesser), 401, 'INVALID_CREDENTIALS');
      // The owner, from their own address, is checked at once.
      expect((await attempt('merchant', 'demo1234', site, from('198.51.100.41'))).status).toBe(200);
      // Their sign-in frees no guesser: the guessing address still waits.
      expectFailure(await attempt('merchant', 'demo1234', site, guesser), 429, 'TOO_MANY_ATTEMPTS');
    }
  });

  it('makes an owner who mistyped wait from their own failure only, never from the guesser’s', async () => {
    const site = proxied();
    const guesser = from('198.51.100.42');
    const owner = from('198.51.100.43');
    await fail(5, 'merchant-head', site, guesser);
    for (let i = 0; i < 6; i++) {
      site.clock.advance(60_000);
      expectFailure(await attempt('merchant-head', `guess-${i}`, site, guesser), 401, 'INVALID_CREDENTIALS');
    }
    // The owner's typo: their address now waits as long as the username's failures say.
    expectFailure(await attempt('merchant-head', 'typo', site, owner), 401, 'INVALID_CREDENTIALS');
    const waiting = await attempt('merchant-head', 'demo1234', site, owner);
    expectFailure(waiting, 429, 'TOO_MANY_ATTEMPTS');
    expect(waiting.headers.get('retry-after')).toBe('60');
    site.clock.advance(60_000);
    // The guesser's newest failure does not start the owner's wait again.
    expectFailure(await attempt('merchant-head', 'guess-again', site, guesser), 401, 'INVALID_CREDENTIALS');
    expect((await attempt('merchant-head', 'demo1234', site, owner)).status).toBe(200);
  });

  it('slows every failing address by the username’s failures across all addresses', async () => {
    const site = proxied();
    for (let i = 0; i < 5; i++) await fail(1, 'merchant-master', site, from(`198.51.100.${50 + i}`));
    // A sixth address has one try; after its failure it waits as if all six were its own.
    const sixth = from('198.51.100.55');
    expectFailure(await attempt('merchant-master', 'guess', site, sixth), 401, 'INVALID_CREDENTIALS');
    const slowed = await attempt('merchant-master', 'demo1234', site, sixth);
    expectFailure(slowed, 429, 'TOO_MANY_ATTEMPTS');
    expect(slowed.headers.get('retry-after')).toBe('2');
    // The owner, from an address that has not failed, is checked at once.
    expect((await attempt('merchant-master', 'demo1234', site, from('198.51.100.56'))).status).toBe(200);
  });

  it('forgets every address’s failures at an administrator’s unlock', async () => {
    const site = proxied();
    const guesser = from('198.51.100.60');
    await fail(5, 'merchant-location', site, guesser);
    expectFailure(await attempt('merchant-location', 'demo1234', site, guesser), 429, 'TOO_MANY_ATTEMPTS');
    await clearFailures(api.handle.db, 'Merchant-Location');
    expect((await attempt('merchant-location', 'demo1234', site, guesser)).status).toBe(200);
  });
});

describe('sign-in throttling per client address (behind one trusted proxy)', () => {
  it('slows an address that fails across many usernames, and not the other addresses', async () => {
    const proxied = api.derive({ TRUST_PROXY_HOPS: '1', LOGIN_ADDRESS_MAX_FAILURES: '6' });
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
