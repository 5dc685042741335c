import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { expectSessionExpired } from '../test/expect';
import { createTestApi, type TestApi } from '../test/harness';
import { hashToken } from '../lib/session-tokens';
import { SESSION_CACHE_MS } from './session-cache';

/**
 * Each server caches the sessions it resolves (decision 062): a session ended or changed by
 * this server is refused by its next request, by another server on the same database as soon as
 * the change's notification arrives, and by every server within SESSION_CACHE_MS whatever
 * changed it. The tests never move the clock unless they say so: the cache's lifetime never
 * lapses by itself here.
 */
let api: TestApi;
let other: TestApi;
let adminToken: string;
beforeAll(async () => {
  api = await createTestApi();
  other = api.derive();
  await Promise.all([api.sessionChangesHeard(), other.sessionChangesHeard()]);
  adminToken = (await api.login('admin')).token;
});
afterAll(async () => {
  await other.close();
  await api.close();
});

const me = (app: TestApi, token: string) => app.call('GET', '/rest/auth/me', { token });

/** Asks until the answer is no longer 200; the notification takes milliseconds, not seconds. */
async function refusedSoon(app: TestApi, token: string) {
  const deadline = Date.now() + 3_000;
  for (;;) {
    const res = await me(app, token);
    if (res.status !== 200 || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a session a server has cached', () => {
  it('is refused by the same server at once after its sign-out', async () => {
    const { token } = await api.login('agent');
    expect((await me(api, token)).status).toBe(200);
    expect((await me(api, token)).status).toBe(200);
    await api.call('POST', '/rest/auth/logout', { token });
    expectSessionExpired(await me(api, token));
  });

  it('is refused by the same server at once after its user is deactivated', async () => {
    const { token } = await api.login('support');
    expect((await me(api, token)).status).toBe(200);
    const [support] = await api.handle.db.select({ id: users.id }).from(users).where(eq(users.username, 'support'));
    const deactivated = await api.call('POST', `/rest/users/${support?.id}/deactivate`, { token: adminToken });
    expect(deactivated.status).toBe(200);
    expectSessionExpired(await me(api, token));
  });

  it('is refused by another server on the same database once the notification arrives', async () => {
    const { token } = await api.login('merchant');
    expect((await me(other, token)).status).toBe(200);
    expect((await me(other, token)).status).toBe(200);
    await api.call('POST', '/rest/auth/logout', { token });
    expectSessionExpired(await refusedSoon(other, token));
  });

  it('is read again within its lifetime even when a change is made behind the servers’ back', async () => {
    const { token } = await api.login('kyc-admin');
    expect((await me(api, token)).status).toBe(200);
    // By hand in SQL: nothing announces it.
    await api.handle.db
      .update(sessions)
      .set({ revokedAt: api.clock.now() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await me(api, token)).status).toBe(200);
    api.clock.advance(SESSION_CACHE_MS);
    expectSessionExpired(await me(api, token));
  });
});
