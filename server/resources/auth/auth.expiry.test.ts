import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSessionExpired, HOUR, MINUTE } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';

const SECOND = 1000;

let shared: TestApi;
beforeAll(async () => {
  shared = await createTestApi();
});
afterAll(() => shared.close());

describe('session expiry (defaults: 15 minutes idle, 8 hours absolute)', () => {
  let api: TestApi;
  beforeAll(() => {
    api = shared;
  });

  const me = (token: string) => api.call('GET', '/rest/auth/me', { token });

  it('keeps a session alive through 15 minutes idle', async () => {
    const { token } = await api.login('agent');
    api.clock.advance(15 * MINUTE);
    expect((await me(token)).status).toBe(200);
  });

  it('ends a session idle for longer than 15 minutes', async () => {
    const { token } = await api.login('agent');
    api.clock.advance(15 * MINUTE + SECOND);
    expectSessionExpired(await me(token));
  });

  it('stays ended once it has timed out', async () => {
    const { token } = await api.login('agent');
    api.clock.advance(16 * MINUTE);
    expectSessionExpired(await me(token));
    expectSessionExpired(await me(token));
    expectSessionExpired(
      await api.call('GET', '/rest/members/merchant-partner/associated-members?brokerId=1', { token }),
    );
  });

  it('slides the idle timer on every authenticated request', async () => {
    const { token } = await api.login('aftu-master');
    for (let i = 0; i < 6; i++) {
      api.clock.advance(10 * MINUTE);
      expect((await me(token)).status).toBe(200);
    }
    // An hour in, idle for 15 minutes again: still alive; a second more would end it.
    api.clock.advance(15 * MINUTE);
    expect((await me(token)).status).toBe(200);
    api.clock.advance(15 * MINUTE + SECOND);
    expectSessionExpired(await me(token));
  });

  it('slides on any authenticated route, not only /auth/me', async () => {
    const { token, user } = await api.login('aftu-master');
    const id = (user.profile as { id: number }).id;
    api.clock.advance(10 * MINUTE);
    const members = await api.call('GET', `/rest/members/merchant-partner/associated-members?brokerId=${id}`, {
      token,
    });
    expect(members.status).toBe(200);
    api.clock.advance(10 * MINUTE);
    expect((await me(token)).status).toBe(200);
  });

  it('does not slide on a request that was refused', async () => {
    const { token } = await api.login('agent');
    api.clock.advance(10 * MINUTE);
    // Refused before the session is looked at (XSRF), so it is not activity.
    await api.call('POST', '/rest/auth/logout', { token, headers: { 'X-XSRF-TOKEN': 'forged' } });
    api.clock.advance(5 * MINUTE + SECOND);
    expectSessionExpired(await me(token));
  });

  it('ends any session 8 hours after login, however active', async () => {
    const { token } = await api.login('admin');
    let elapsed = 0;
    while (elapsed + 10 * MINUTE <= 8 * HOUR) {
      api.clock.advance(10 * MINUTE);
      elapsed += 10 * MINUTE;
      expect((await me(token)).status, `after ${elapsed / MINUTE} minutes`).toBe(200);
    }
    expect(elapsed).toBe(8 * HOUR);
    api.clock.advance(SECOND);
    expectSessionExpired(await me(token));
  });

  it('lets the user sign in again after a session has expired', async () => {
    const old = await api.login('merchant');
    api.clock.advance(HOUR);
    expectSessionExpired(await me(old.token));
    const fresh = await api.login('merchant');
    expect((await me(fresh.token)).status).toBe(200);
  });
});

describe('session settings', () => {
  let api: TestApi;
  beforeAll(() => {
    api = shared.derive({ SESSION_IDLE_MINUTES: '5', SESSION_ABSOLUTE_HOURS: '1' });
  });

  const me = (token: string) => api.call('GET', '/rest/auth/me', { token });

  it('honours SESSION_IDLE_MINUTES', async () => {
    const { token } = await api.login('agent');
    api.clock.advance(5 * MINUTE);
    expect((await me(token)).status).toBe(200);
    api.clock.advance(5 * MINUTE + SECOND);
    expectSessionExpired(await me(token));
  });

  it('honours SESSION_ABSOLUTE_HOURS', async () => {
    const { token } = await api.login('agent');
    for (let i = 0; i < 15; i++) {
      api.clock.advance(4 * MINUTE);
      expect((await me(token)).status).toBe(200);
    }
    api.clock.advance(SECOND);
    expectSessionExpired(await me(token));
  });
});
