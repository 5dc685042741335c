import '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankOption } from '../../../contract/api/banks';
import type { InboxPage } from '../../../contract/api/inbox';
import { ENDPOINT_ACCESS } from '../../../contract/navigation/endpoint-access';
import type { StaffChangeWaiting, StaffUserPage, StaffUserView } from '../../../contract/api/users';
import { changeRequests, credentialHalves, userTwoFactor, users } from '../../db/schema';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { anotherAdmin, OWN_PASSWORD } from '../../test/staff';
import { discardDecidedHalves } from '../../domain/users/halves';

/**
 * No credential changes hands through one person (decision 031): a reset, an unlock or a
 * reactivation of a user who decides something waits for a second administrator, and a new
 * password comes in two halves, one for each; what widens a user's decisions waits too
 * (decision 032); nobody does any of it to their own account.
 */
type Success<T> = { status: true; payload: T };

const HALF = /^[a-z2-9]{4}-[a-z2-9]{4}$/;

let api: TestApi;
const tokens: Record<string, string> = {};
let banks: BankOption[];
beforeAll(async () => {
  api = await createTestApi();
  for (const user of ['admin', 'network-supervisor']) tokens[user] = (await api.login(user)).token;
  tokens.third = await anotherAdmin(api, 'third.admin');
  banks = (await api.call<Success<{ banks: BankOption[] }>>('GET', '/rest/banks/options', { token: tokens.admin })).body
    .payload.banks;
});
afterAll(() => api.close());

async function userId(username: string): Promise<number> {
  const [row] = await api.handle.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

const act = (username: string, action: string, by = 'admin') =>
  userId(username).then((id) =>
    api.call<Success<StaffChangeWaiting & StaffUserView>>('POST', `/rest/users/${id}/${action}`, {
      token: tokens[by],
    }),
  );
const decide = (changeRequestId: number, by: string, decision: 'approve' | 'reject' = 'approve') =>
  api.call<Success<{ secondHalf?: string }>>('POST', `/rest/inbox/change/${changeRequestId}/decision`, {
    token: tokens[by],
    json: decision === 'approve' ? { decision } : { decision, reason: 'Not asked by the user' },
  });
const listed = async (username: string) =>
  (await api.call<Success<StaffUserPage>>('GET', `/rest/users?q=${username}`, { token: tokens.admin })).body.payload;
const signIn = (username: string, password: string) =>
  api.call<Success<{ sessionId: string; mustChangePassword: boolean }>>('POST', '/rest/auth/login', {
    json: { username, password },
  });

/** Asks for a change with `by`, checks that it waits, and returns its request. */
async function waiting(username: string, action: string, by = 'admin') {
  const asked = await act(username, action, by);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  return asked.body.payload as StaffChangeWaiting;
}

describe('a password reset of a user who decides something', () => {
  let changeRequestId: number;
  let firstHalf: string;
  let secondHalf: string;

  it('waits for a second administrator and gives the maker only the first half of a password', async () => {
    const asked = await waiting('bank-checker', 'password-reset');
    expect(asked).not.toHaveProperty('oneTimePassword');
    ({ changeRequestId, firstHalf = '' } = asked);
    expect(firstHalf).toMatch(HALF);

    // Nothing changed yet: the Checker still signs in with their own password.
    expect((await signIn('bank-checker', 'demo1234')).status).toBe(200);
    // The half is in no list the inbox or /users read: not in the request, and sealed where it waits.
    const [request] = await api.handle.db.select().from(changeRequests).where(eq(changeRequests.id, changeRequestId));
    expect(request).toMatchObject({
      kind: 'user.passwordReset',
      summary: 'Reset password of bank-checker (Banque Islamique Checker)',
      payload: { userId: await userId('bank-checker') },
    });
    expect(JSON.stringify(request)).not.toContain(firstHalf);
    const [kept] = await api.handle.db
      .select()
      .from(credentialHalves)
      .where(eq(credentialHalves.changeRequestId, changeRequestId));
    expect(kept?.sealed).toMatch(/^[\w-]+:[\w-]+:[\w-]+$/);
    expect(kept?.sealed).not.toContain(firstHalf.replace('-', ''));

    const inbox = await api.call<Success<InboxPage>>('GET', '/rest/inbox', { token: tokens['network-supervisor'] });
    expect(inbox.body.payload.rows).toContainEqual(
      expect.objectContaining({
        kind: 'change',
        id: String(changeRequestId),
        subject: 'user.passwordReset',
        party: 'Reset password of bank-checker (Banque Islamique Checker)',
        canDecide: true,
      }),
    );
    expect((await listed('bank-checker')).pending).toContainEqual(
      expect.objectContaining({ id: changeRequestId, kind: 'user.passwordReset', mine: true }),
    );
    expectFailure(await act('bank-checker', 'password-reset'), 409, 'CHANGE_PENDING');
  });

  it('is never approved by the administrator who asked', async () => {
    expectFailure(await decide(changeRequestId, 'admin'), 403, 'SELF_APPROVAL');
  });

  it('hands the approving administrator the second half, ends the user’s sessions and forgets the first', async () => {
    const session = (await signIn('bank-checker', 'demo1234')).body.payload.sessionId;
    const approved = await decide(changeRequestId, 'network-supervisor');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    secondHalf = approved.body.payload.secondHalf ?? '';
    expect(secondHalf).toMatch(HALF);
    expect(secondHalf).not.toBe(firstHalf);
    expect((await api.call('GET', '/rest/auth/me', { token: session })).status).toBe(401);
    expect(await api.handle.db.select().from(credentialHalves)).toEqual([]);
    expect((await listed('bank-checker')).rows[0]).toMatchObject({ mustChangePassword: true, decides: true });
  });

  it('signs in with both halves only, and that session can do nothing but set a password', async () => {
    for (const wrong of ['demo1234', firstHalf, secondHalf, `${secondHalf}-${firstHalf}`]) {
      expectFailure(await signIn('bank-checker', wrong), 401, 'INVALID_CREDENTIALS');
    }
    const both = await signIn('bank-checker', `${firstHalf}-${secondHalf}`);
    expect(both.status).toBe(200);
    expect(both.body.payload.mustChangePassword).toBe(true);
    const token = both.body.payload.sessionId;
    expectFailure(await api.call('GET', '/rest/inbox', { token }), 403, 'PASSWORD_CHANGE_REQUIRED');

    const changed = await api.call('POST', '/rest/auth/password', {
      token,
      json: { currentPassword: `${firstHalf}-${secondHalf}`, newPassword: OWN_PASSWORD },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await api.call('GET', '/rest/inbox', { token })).status).toBe(200);
  });
});

describe('a session opened with an administrator-issued one-time password', () => {
  it('is refused every decision of every kind until it sets a password of its own', async () => {
    const { changeRequestId, firstHalf } = await waiting('network-supervisor', 'password-reset');
    const { secondHalf } = (await decide(changeRequestId, 'third')).body.payload;
    const token = (await signIn('network-supervisor', `${firstHalf}-${secondHalf}`)).body.payload.sessionId;

    // A change waiting for a second administrator, which this administrator could otherwise decide.
    const limits = await api.call<Success<{ changeRequestId: number }>>('PUT', '/rest/settings/limits', {
      token: tokens.admin,
      json: { approvalThreshold: 900_000, customerDailyLimit: 2_000_000, maxTransfer: 50_000_000 },
    });
    expect(limits.status, JSON.stringify(limits.body)).toBe(202);
    const pending = limits.body.payload.changeRequestId;
    const body = { decision: 'approve', reason: 'Approved by the supervisor' };
    expectFailure(
      await api.call('POST', `/rest/inbox/change/${pending}/decision`, { token, json: body }),
      403,
      'PASSWORD_CHANGE_REQUIRED',
    );
    const deciding = Object.keys(ENDPOINT_ACCESS).filter((key) =>
      /^POST .*\/(decision|decisions|approve|reject)$/.test(key),
    );
    expect(deciding.length).toBeGreaterThanOrEqual(6);
    for (const key of deciding) {
      const path = key
        .slice('POST '.length)
        .replace('{kind}', 'change')
        .replace(/\{[^}]+\}/g, String(pending));
      expectFailure(await api.call('POST', `/rest${path}`, { token, json: body }), 403, 'PASSWORD_CHANGE_REQUIRED');
    }
    const [still] = await api.handle.db.select().from(changeRequests).where(eq(changeRequests.id, pending));
    expect(still?.status).toBe('pending');

    const changed = await api.call('POST', '/rest/auth/password', {
      token,
      json: { currentPassword: `${firstHalf}-${secondHalf}`, newPassword: OWN_PASSWORD },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    tokens['network-supervisor'] = token;
  });
});

describe('one’s own account', () => {
  it('is never reset, unlocked, reactivated or deactivated by oneself', async () => {
    for (const action of ['password-reset', 'two-factor/reset', 'unlock', 'reactivate', 'deactivate']) {
      expectFailure(await act('admin', action), 409, 'CANNOT_CHANGE_OWN');
    }
  });

  it('is never decided by the user a change is about, who sees it waiting for someone else', async () => {
    const { changeRequestId } = await waiting('network-supervisor', 'unlock');
    const inbox = await api.call<Success<InboxPage>>('GET', '/rest/inbox', { token: tokens['network-supervisor'] });
    expect(inbox.body.payload.rows).toContainEqual(
      expect.objectContaining({ id: String(changeRequestId), mine: false, canDecide: false }),
    );
    expectFailure(await decide(changeRequestId, 'network-supervisor'), 409, 'CANNOT_CHANGE_OWN');
    expect((await decide(changeRequestId, 'third')).status).toBe(200);
  });
});

describe('unlock, two-factor reset and reactivation of a deciding user', () => {
  it('unlocks a KYC reviewer only once a second administrator approves', async () => {
    for (let i = 0; i < 6; i++) await signIn('kyc-admin', 'wrong-guess');
    expect((await listed('kyc-admin')).rows[0]?.throttled).toBe(true);
    const { changeRequestId, firstHalf } = await waiting('kyc-admin', 'unlock');
    expect(firstHalf).toBeUndefined();
    expect((await listed('kyc-admin')).rows[0]?.throttled).toBe(true);
    expect((await decide(changeRequestId, 'network-supervisor')).status).toBe(200);
    expect((await listed('kyc-admin')).rows[0]?.throttled).toBe(false);
  });

  it('resets a Bridge Checker’s two-factor only once a second administrator approves', async () => {
    const id = await userId('bank-bridge-checker');
    await api.handle.db.insert(userTwoFactor).values({ userId: id, secret: 'x', enabledAt: api.clock.now() });
    const { changeRequestId } = await waiting('bank-bridge-checker', 'two-factor/reset');
    expect((await listed('bank-bridge-checker')).rows[0]?.twoFactor).toBe(true);
    expect((await decide(changeRequestId, 'network-supervisor')).status).toBe(200);
    expect((await listed('bank-bridge-checker')).rows[0]?.twoFactor).toBe(false);
  });

  it('deactivates support at once, and reactivates them only once a second administrator approves', async () => {
    expect((await act('support', 'deactivate')).status).toBe(200);
    expect((await signIn('support', 'demo1234')).status).toBe(401);
    const { changeRequestId } = await waiting('support', 'reactivate');
    expect((await signIn('support', 'demo1234')).status).toBe(401);
    expect((await decide(changeRequestId, 'network-supervisor')).status).toBe(200);
    expect((await signIn('support', 'demo1234')).status).toBe(200);
  });

  it('still applies at once, with the whole password shown once, for a user who decides nothing', async () => {
    const reset = await act('agent', 'password-reset');
    expect(reset.status).toBe(200);
    const { oneTimePassword } = reset.body.payload as unknown as { oneTimePassword: string };
    expect(oneTimePassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect((await signIn('agent', oneTimePassword)).status).toBe(200);
  });
});

describe('what widens a deciding user’s decisions', () => {
  const edit = (username: string, json: unknown) =>
    userId(username).then((id) =>
      api.call<Success<StaffChangeWaiting>>('PUT', `/rest/users/${id}`, { token: tokens.admin, json }),
    );
  const bankOf = async (username: string) => (await listed(username)).rows[0]?.bank?.code;

  it('waits to move a bank Checker to another bank', async () => {
    const bbg = banks.find((b) => b.code === 'BBG') as BankOption;
    const moved = await edit('bank-checker', {
      name: 'Banque Islamique Checker',
      group: 'bank',
      bankId: bbg.id,
      profile: 'Checker',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(202);
    expect(await bankOf('bank-checker')).toBe('BIS');
    expect((await decide(moved.body.payload.changeRequestId, 'network-supervisor')).status).toBe(200);
    expect(await bankOf('bank-checker')).toBe('BBG');
  });

  it('waits to give a KYC reviewer support’s decisions, and to make a new KYC reviewer, in two halves', async () => {
    const widened = await edit('kyc-admin', { name: 'Fatou Sow', group: 'supportPlus' });
    expect(widened.status).toBe(202);
    expect((await listed('kyc-admin')).rows[0]?.group).toBe('kycAdmin');

    const made = await api.call<Success<StaffChangeWaiting>>('POST', '/rest/users', {
      token: tokens.admin,
      json: { username: 'new.reviewer', name: 'Ndeye Fall', group: 'kycAdmin' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(202);
    expect(made.body.payload.firstHalf).toMatch(HALF);
  });
});

describe('a user who starts deciding', () => {
  it('gets a new password in two halves: what one administrator knew before stops working', async () => {
    const bis = banks.find((b) => b.code === 'BIS') as BankOption;
    const teller = { username: 'awa.teller', name: 'Awa Sarr', group: 'bank', bankId: bis.id, profile: 'Teller' };
    const made = await api.call<Success<{ user: StaffUserView; oneTimePassword: string }>>('POST', '/rest/users', {
      token: tokens.admin,
      json: teller,
    });
    expect(made.status).toBe(201);
    // A Teller decides nothing: the administrator who resets them sees the whole password.
    const known = await act('awa.teller', 'password-reset');
    const { oneTimePassword } = known.body.payload as unknown as { oneTimePassword: string };

    const promoted = await api.call<Success<StaffChangeWaiting>>('PUT', `/rest/users/${made.body.payload.user.id}`, {
      token: tokens.admin,
      json: { name: teller.name, group: 'bank', bankId: bis.id, profile: 'Checker' },
    });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(202);
    const firstHalf = promoted.body.payload.firstHalf ?? '';
    expect(firstHalf).toMatch(HALF);
    const { secondHalf } = (await decide(promoted.body.payload.changeRequestId, 'network-supervisor')).body.payload;
    expect(secondHalf).toMatch(HALF);
    expectFailure(await signIn('awa.teller', oneTimePassword), 401, 'INVALID_CREDENTIALS');
    const both = await signIn('awa.teller', `${firstHalf}-${secondHalf}`);
    expect(both.body.payload.mustChangePassword).toBe(true);
    expect((await listed('awa.teller')).rows[0]).toMatchObject({ profile: 'Checker', decides: true });
  });
});

describe('while a change of a user waits', () => {
  it('nothing about them applies at once: no demotion and one-step reset before the approval', async () => {
    const bis = banks.find((b) => b.code === 'BIS') as BankOption;
    const id = await userId('bank-bridge-checker');
    const moved = await api.call<Success<StaffChangeWaiting>>('PUT', `/rest/users/${id}`, {
      token: tokens.admin,
      json: { name: 'Bridge Bank Checker', group: 'bank', bankId: bis.id, profile: 'Bridge Checker' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(202);
    const demoted = await api.call('PUT', `/rest/users/${id}`, {
      token: tokens.admin,
      json: { name: 'Bridge Bank Checker', group: 'bank', bankId: bis.id, profile: 'Bridge' },
    });
    expectFailure(demoted, 409, 'CHANGE_PENDING');
    expect((await listed('bank-bridge-checker')).rows[0]?.profile).not.toBe('Bridge');
    // Taking rights away is never held up.
    expect((await act('bank-bridge-checker', 'deactivate')).status).toBe(200);
  });
});

describe('kept first halves', () => {
  it('are deleted once their request is rejected, and kept while it waits', async () => {
    const kept = async () =>
      (await api.handle.db.select().from(credentialHalves)).map((h) => h.changeRequestId).sort((a, b) => a - b);
    const rejected = (await waiting('zone-sales-manager', 'password-reset')).changeRequestId;
    const pending = (await waiting('support-plus', 'password-reset')).changeRequestId;
    expect(await kept()).toEqual(expect.arrayContaining([rejected, pending]));
    expect((await decide(rejected, 'network-supervisor', 'reject')).status).toBe(200);
    expect(await discardDecidedHalves(api.handle.db)).toBe(1);
    expect(await kept()).not.toContain(rejected);
    expect(await kept()).toContain(pending);
  });
});
