import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, MINUTE } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';

type Failure = { errors: { longMessage: string }[] };

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('account lock after repeated failures (defaults: 5 failures, 15 minutes)', () => {
  const attempt = (username: string, password: string) =>
    api.call<Failure>('POST', '/rest/auth/login', { json: { username, password } });

  it('locks on the fifth consecutive failure and says so', async () => {
    for (let i = 1; i <= 4; i++) {
      expectFailure(await attempt('agent', `wrong-${i}`), 401, 'INVALID_CREDENTIALS');
    }
    const fifth = await attempt('agent', 'wrong-5');
    expectFailure(fifth, 423, 'ACCOUNT_LOCKED');
    expect(fifth.body.errors[0]?.longMessage).toMatch(/locked/i);
    expect(fifth.body.errors[0]?.longMessage).toMatch(/15 minutes/);
  });

  it('refuses the correct password while locked, then accepts it once the lock has passed', async () => {
    const locked = await attempt('agent', 'demo1234');
    expectFailure(locked, 423, 'ACCOUNT_LOCKED');
    expect(locked.body.errors[0]?.longMessage).toMatch(/locked/i);

    api.clock.advance(14 * MINUTE);
    const stillLocked = await attempt('agent', 'demo1234');
    expectFailure(stillLocked, 423, 'ACCOUNT_LOCKED');
    expect(stillLocked.body.errors[0]?.longMessage).toMatch(/1 minute\b/);

    api.clock.advance(1 * MINUTE);
    const { token } = await api.login('agent');
    expect((await api.call('GET', '/rest/auth/me', { token })).status).toBe(200);
  });

  it('gives the full number of attempts again after the lock has passed', async () => {
    for (let i = 1; i <= 5; i++) await attempt('gerant-tefess', `wrong-${i}`);
    expectFailure(await attempt('gerant-tefess', 'demo1234'), 423, 'ACCOUNT_LOCKED');
    api.clock.advance(15 * MINUTE);
    for (let i = 1; i <= 4; i++) {
      expectFailure(await attempt('gerant-tefess', `again-${i}`), 401, 'INVALID_CREDENTIALS');
    }
    expectFailure(await attempt('gerant-tefess', 'again-5'), 423, 'ACCOUNT_LOCKED');
  });

  it('counts only consecutive failures: a success starts the count again', async () => {
    for (let i = 1; i <= 4; i++) expectFailure(await attempt('merchant', `wrong-${i}`), 401, 'INVALID_CREDENTIALS');
    await api.login('merchant');
    for (let i = 1; i <= 4; i++) expectFailure(await attempt('merchant', `wrong-${i}`), 401, 'INVALID_CREDENTIALS');
    await api.login('merchant');
  });

  it('locks one account only: other users still sign in', async () => {
    for (let i = 1; i <= 5; i++) await attempt('support', `wrong-${i}`);
    expectFailure(await attempt('support', 'demo1234'), 423, 'ACCOUNT_LOCKED');
    await api.login('support-plus');
  });

  it('locks a username whatever its case', async () => {
    for (let i = 1; i <= 5; i++) await attempt(i % 2 ? 'KYC-ADMIN' : 'kyc-admin', `wrong-${i}`);
    expectFailure(await attempt('kyc-admin', 'demo1234'), 423, 'ACCOUNT_LOCKED');
  });

  it('allows no more than five guesses when they arrive all at once', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt('bank', `parallel-guess-${i}`)));
    const statuses = answers.map((a) => a.status);
    // Every guess is refused; at most five of them were actually checked against the password.
    expect(statuses.every((s) => s === 401 || s === 423)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4);
    expectFailure(await attempt('bank', 'demo1234'), 423, 'ACCOUNT_LOCKED');
  });

  it('keeps sessions opened before the lock alive', async () => {
    const { token } = await api.login('report-admin');
    for (let i = 1; i <= 5; i++) await attempt('report-admin', `wrong-${i}`);
    expect((await api.call('GET', '/rest/auth/me', { token })).status).toBe(200);
  });
});

describe('lock settings', () => {
  it('honours LOGIN_MAX_FAILURES and LOGIN_LOCK_MINUTES', async () => {
    const strict = api.derive({ LOGIN_MAX_FAILURES: '3', LOGIN_LOCK_MINUTES: '2' });
    const attempt = (password: string) =>
      strict.call<Failure>('POST', '/rest/auth/login', { json: { username: 'transvie', password } });
    expectFailure(await attempt('x1'), 401, 'INVALID_CREDENTIALS');
    expectFailure(await attempt('x2'), 401, 'INVALID_CREDENTIALS');
    const third = await attempt('x3');
    expectFailure(third, 423, 'ACCOUNT_LOCKED');
    expect(third.body.errors[0]?.longMessage).toMatch(/2 minutes/);
    strict.clock.advance(1 * MINUTE);
    expectFailure(await attempt('demo1234'), 423, 'ACCOUNT_LOCKED');
    strict.clock.advance(1 * MINUTE);
    await strict.login('transvie');
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
