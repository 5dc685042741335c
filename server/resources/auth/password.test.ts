import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIMARY_GROUP_IDS } from '../../../contract/groups';
import { auditEvents, users } from '../../db/schema';
import { expectFailure, expectSessionExpired } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { createUserWithOneTimePassword } from '../../domain/users/create-user';

type Success<T> = { status: true; payload: T };
interface UserObject {
  sessionId: string;
  mustChangePassword: boolean;
}

const GOOD = 'Baobab-Tiled-Ferry-42';
const OTHER_GOOD = 'Lagoon-Pepper-Kite-77';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

async function newUser(username: string) {
  return createUserWithOneTimePassword(
    api.handle.db,
    { username, group: 'admin', name: 'Astou Seck' },
    { groupIds: PRIMARY_GROUP_IDS, channel: 'cli', actorUserId: null, now: api.clock.now() },
  );
}

const change = (token: string, currentPassword: string, newPassword: string) =>
  api.call<Success<UserObject>>('POST', '/rest/auth/password', { token, json: { currentPassword, newPassword } });

describe('a one-time password', () => {
  it('signs in, must be changed before anything else, then the user works as any other', async () => {
    const { oneTimePassword } = await newUser('first-admin');
    const login = await api.call<Success<UserObject>>('POST', '/rest/auth/login', {
      json: { username: 'first-admin', password: oneTimePassword },
    });
    expect(login.status).toBe(200);
    expect(login.body.payload.mustChangePassword).toBe(true);
    const token = login.body.payload.sessionId;

    expectFailure(await api.call('GET', '/rest/dashboard/summary', { token }), 403, 'PASSWORD_CHANGE_REQUIRED');
    expectFailure(await api.call('GET', '/rest/banks', { token }), 403, 'PASSWORD_CHANGE_REQUIRED');
    const me = await api.call<Success<UserObject>>('GET', '/rest/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.payload.mustChangePassword).toBe(true);
    expect((await api.call('GET', '/rest/auth/session', { token })).status).toBe(200);

    const changed = await change(token, oneTimePassword, GOOD);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.payload).toMatchObject({ sessionId: token, mustChangePassword: false });
    expect((await api.call('GET', '/rest/dashboard/summary', { token })).status).toBe(200);

    const [row] = await api.handle.db.select().from(users).where(eq(users.username, 'first-admin'));
    expect(row?.mustChangePassword).toBe(false);
    await expect(api.login('first-admin', oneTimePassword)).rejects.toThrow(/401/);
    const again = await api.login('first-admin', GOOD);
    expect(again.user.mustChangePassword).toBe(false);
  });

  it('is audited when the user is created and when the password is replaced', async () => {
    const created = await newUser('audited-user');
    const { token } = await api.login('audited-user', created.oneTimePassword);
    expect((await change(token, created.oneTimePassword, GOOD)).status).toBe(200);
    const events = await api.handle.db
      .select({ action: auditEvents.action, userId: auditEvents.userId, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.targetId, String(created.id)));
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'user.create', userId: null }),
        expect.objectContaining({
          action: 'auth.passwordChange',
          userId: created.id,
          details: expect.objectContaining({ oneTimePasswordReplaced: true }),
        }),
      ]),
    );
  });
});

describe('POST /rest/auth/password', () => {
  it('refuses short, common and username-like passwords with the reason, and keeps the old one', async () => {
    const { oneTimePassword } = await newUser('rule-check');
    const { token } = await api.login('rule-check', oneTimePassword);
    expectFailure(await change(token, oneTimePassword, 'Short-1'), 400, 'PASSWORD_TOO_SHORT');
    expectFailure(await change(token, oneTimePassword, 'password123'), 400, 'PASSWORD_TOO_COMMON');
    expectFailure(await change(token, oneTimePassword, 'azertyuiop'), 400, 'PASSWORD_TOO_COMMON');
    expectFailure(await change(token, oneTimePassword, 'motdepasse1'), 400, 'PASSWORD_TOO_COMMON');
    expectFailure(await change(token, oneTimePassword, 'rule-check-2026'), 400, 'PASSWORD_SAME_AS_USERNAME');
    expectFailure(await change(token, oneTimePassword, oneTimePassword), 400, 'PASSWORD_UNCHANGED');
    expectFailure(await change(token, 'not-the-current-one', GOOD), 400, 'CURRENT_PASSWORD_WRONG');
    const short = await change(token, oneTimePassword, 'Short-1');
    expect(JSON.stringify(short.body)).toContain('at least 10 characters');
    // Still the one-time password, still required to change.
    const me = await api.call<Success<UserObject>>('GET', '/rest/auth/me', { token });
    expect(me.body.payload.mustChangePassword).toBe(true);
  });

  it('ends the user’s other sessions and keeps the one that changed it', async () => {
    const { oneTimePassword } = await newUser('many-tabs');
    const first = await api.login('many-tabs', oneTimePassword);
    expect((await change(first.token, oneTimePassword, GOOD)).status).toBe(200);
    const laptop = await api.login('many-tabs', GOOD);
    const phone = await api.login('many-tabs', GOOD);
    expect((await change(laptop.token, GOOD, OTHER_GOOD)).status).toBe(200);
    expect((await api.call('GET', '/rest/dashboard/summary', { token: laptop.token })).status).toBe(200);
    expectSessionExpired(await api.call('GET', '/rest/dashboard/summary', { token: phone.token }));
    expectSessionExpired(await api.call('GET', '/rest/auth/me', { token: first.token }));
  });

  it('lets any user change their own password, and refuses a call without a session', async () => {
    const { token } = await api.login('support');
    expect((await change(token, 'demo1234', GOOD)).body.payload.mustChangePassword).toBe(false);
    expect((await api.login('support', GOOD)).token).toEqual(expect.any(String));
    expectSessionExpired(
      await api.call('POST', '/rest/auth/password', { json: { currentPassword: GOOD, newPassword: OTHER_GOOD } }),
    );
  });
});
