import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../contract/api/audit';
import type { BankOption } from '../../../contract/api/banks';
import type { StaffUserPage, StaffUserView } from '../../../contract/api/users';
import { auditEvents, banks, userTwoFactor, users } from '../../db/schema';
import { expectFailure, expectSessionExpired } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { firstSignIn, OWN_PASSWORD } from '../../test/staff';

type Success<T> = { status: true; payload: T };
type Applied = { applied: true; user: StaffUserView; oneTimePassword?: string };

let api: TestApi;
const tokens: Record<string, string> = {};
let bis: BankOption;
beforeAll(async () => {
  api = await createTestApi();
  for (const user of ['admin', 'network-supervisor', 'agent', 'bank-checker', 'kyc-admin']) {
    tokens[user] = (await api.login(user)).token;
  }
  const options = await api.call<Success<{ banks: BankOption[] }>>('GET', '/rest/banks/options', {
    token: tokens.admin,
  });
  bis = options.body.payload.banks.find((b) => b.code === 'BIS') as BankOption;
});
afterAll(() => api.close());

const list = (query = '', user = 'admin') =>
  api.call<Success<StaffUserPage>>('GET', `/rest/users${query}`, { token: tokens[user] });
const create = (json: unknown, user = 'admin') =>
  api.call<Success<Applied>>('POST', '/rest/users', { token: tokens[user], json });
const update = (id: number, json: unknown, user = 'admin') =>
  api.call<Success<Applied>>('PUT', `/rest/users/${id}`, { token: tokens[user], json });
const act = (id: number, action: string, user = 'admin') =>
  api.call<Success<StaffUserView>>('POST', `/rest/users/${id}/${action}`, { token: tokens[user] });
const resetPassword = (id: number, user = 'admin') =>
  api.call<Success<{ user: StaffUserView; oneTimePassword: string }>>('POST', `/rest/users/${id}/password-reset`, {
    token: tokens[user],
  });
const me = (token: string) => api.call('GET', '/rest/auth/me', { token });
const auditOf = async (action: string, id: number) =>
  (
    await api.call<Success<AuditPage>>('GET', `/rest/audit-events?action=${action}`, { token: tokens.admin })
  ).body.payload.rows.filter((r) => r.targetId === String(id));

const teller = (username: string) => ({
  username,
  name: 'Ndeye Diouf',
  group: 'bank',
  bankId: bis.id,
  profile: 'Teller',
});

describe('the staff list', () => {
  it('searches by username or name, group and status, one page at a time', async () => {
    const all = await list('?pageSize=5');
    expect(all.status).toBe(200);
    expect(all.body.payload.rows).toHaveLength(5);
    expect(all.body.payload.total).toBeGreaterThan(30);

    const byName = await list('?q=ndiaye');
    expect(byName.body.payload.rows.map((u) => u.username)).toContain('admin');
    const banksOnly = await list('?group=bank');
    expect(banksOnly.body.payload.rows.length).toBeGreaterThan(0);
    expect(banksOnly.body.payload.rows.every((u) => u.group === 'bank' && u.bank !== null)).toBe(true);
    const active = await list('?status=active&q=support');
    expect(active.body.payload.rows.length).toBeGreaterThan(0);
    expect(active.body.payload.rows.every((u) => u.status === 'active')).toBe(true);

    expectFailure(await list('?status=gone'), 400, 'VALIDATION_FAILED');
    expectFailure(await list('?pageSize=1000'), 400, 'VALIDATION_FAILED');
  });

  it('is for the admin menu’s groups only', async () => {
    expect((await list('', 'network-supervisor')).status).toBe(200);
    for (const user of ['agent', 'bank-checker', 'kyc-admin']) {
      expectFailure(await list('', user), 403, 'FORBIDDEN');
      expectFailure(await create(teller('never-made'), user), 403, 'FORBIDDEN');
      expectFailure(await act(1, 'deactivate', user), 403, 'FORBIDDEN');
    }
  });
});

describe('creating a staff user', () => {
  it('applies at once for a bank teller, with a one-time password shown once, audited', async () => {
    const res = await create(teller('ndeye.diouf'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { user, oneTimePassword } = res.body.payload;
    expect(user).toMatchObject({
      username: 'ndeye.diouf',
      group: 'bank',
      profile: 'Teller',
      bank: { code: 'BIS' },
      status: 'active',
      mustChangePassword: true,
    });
    expect(oneTimePassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect((await list('?q=ndeye.diouf')).body.payload.rows[0]).not.toHaveProperty('oneTimePassword');
    const [audit] = await auditOf('user.create', user.id);
    expect(audit?.user?.username).toBe('admin');
    expect(audit?.details).toMatchObject({ username: 'ndeye.diouf', group: 'bank', profile: 'Teller' });

    const signedIn = await api.login('ndeye.diouf', oneTimePassword);
    expect(signedIn.user).toMatchObject({ mustChangePassword: true, profile: { menuProfile: 'Teller' } });
  });

  it('refuses bad input, a taken username and an unknown or closed bank', async () => {
    expectFailure(await create({ ...teller('x'), username: 'a b' }), 400, 'VALIDATION_FAILED');
    expectFailure(await create({ ...teller('no-bank'), bankId: null }), 400, 'VALIDATION_FAILED');
    // The profile comes from the list, never typed freely; only bank users have one.
    expectFailure(await create({ ...teller('free-text'), profile: 'Super Checker' }), 400, 'VALIDATION_FAILED');
    expectFailure(await create({ ...teller('no-profile'), profile: null }), 400, 'VALIDATION_FAILED');
    expectFailure(
      await create({ username: 'agent-profile', name: 'Awa Sy', group: 'agent', profile: 'Teller' }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(await create({ ...teller('agent'), name: 'Someone Else' }), 409, 'USERNAME_TAKEN');
    expectFailure(await create({ ...teller('AGENT') }), 409, 'USERNAME_TAKEN');
    expectFailure(await create({ ...teller('lost-bank'), bankId: 999_999 }), 422, 'BANK_NOT_FOUND');
    await api.handle.db.update(banks).set({ active: false }).where(eq(banks.code, 'CBAO'));
    const [cbao] = await api.handle.db.select().from(banks).where(eq(banks.code, 'CBAO'));
    expectFailure(await create({ ...teller('closed-bank'), bankId: cbao?.id }), 422, 'BANK_NOT_FOUND');
    await api.handle.db.update(banks).set({ active: true }).where(eq(banks.code, 'CBAO'));
  });
});

describe('editing a staff user', () => {
  it('changes the name and profile the menus follow, audited; never one’s own account', async () => {
    const made = (await create(teller('moussa.fall'))).body.payload;
    const res = await update(made.user.id, { name: 'Moussa Fall', group: 'bank', bankId: bis.id, profile: 'Bridge' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload.user).toMatchObject({ name: 'Moussa Fall', profile: 'Bridge' });
    const [audit] = await auditOf('user.update', made.user.id);
    expect(audit?.details).toMatchObject({
      before: { name: 'Ndeye Diouf', profile: 'Teller' },
      after: { name: 'Moussa Fall', profile: 'Bridge' },
    });
    const token = await firstSignIn(api, 'moussa.fall', made.oneTimePassword as string);
    // What the dashboard's menu reads as the profile.
    expect((await api.call('GET', '/rest/auth/me', { token })).body).toMatchObject({
      payload: { profile: { menuProfile: 'Bridge' } },
    });

    const [own] = await api.handle.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    expectFailure(
      await update(own?.id as number, { name: 'Awa', group: 'agent', bankId: null, profile: null }),
      409,
      'CANNOT_CHANGE_OWN',
    );
    expectFailure(
      await update(999_999, { name: 'Nobody', group: 'agent', bankId: null, profile: null }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('deactivating and reactivating', () => {
  it('ends the user’s sessions at once and refuses sign-in until reactivated', async () => {
    const made = (await create(teller('fatou.kane'))).body.payload;
    const token = await firstSignIn(api, 'fatou.kane', made.oneTimePassword as string);
    expect((await me(token)).status).toBe(200);

    const off = await act(made.user.id, 'deactivate');
    expect(off.status).toBe(200);
    expect(off.body.payload.status).toBe('deactivated');
    expectSessionExpired(await me(token));
    await expect(api.login('fatou.kane', OWN_PASSWORD)).rejects.toThrow(/401/);
    expect((await list('?status=deactivated')).body.payload.rows.map((u) => u.username)).toContain('fatou.kane');
    expectFailure(await act(made.user.id, 'deactivate'), 409, 'ALREADY_DEACTIVATED');

    const on = await act(made.user.id, 'reactivate');
    expect(on.body.payload.status).toBe('active');
    expect((await me((await api.login('fatou.kane', OWN_PASSWORD)).token)).status).toBe(200);
    expectFailure(await act(made.user.id, 'reactivate'), 409, 'ALREADY_ACTIVE');
    expect(await auditOf('user.deactivate', made.user.id)).toHaveLength(1);
    expect(await auditOf('user.reactivate', made.user.id)).toHaveLength(1);
  });

  it('never deactivates one’s own account', async () => {
    const [own] = await api.handle.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    expectFailure(await act(own?.id as number, 'deactivate'), 409, 'CANNOT_CHANGE_OWN');
  });
});

describe('password, throttle and two-factor', () => {
  it('issues a new one-time password: the old one stops working and sessions end', async () => {
    const made = (await create(teller('aminata.ba'))).body.payload;
    const token = await firstSignIn(api, 'aminata.ba', made.oneTimePassword as string);
    const reset = await resetPassword(made.user.id);
    expect(reset.status).toBe(200);
    expect(reset.body.payload.user.mustChangePassword).toBe(true);
    expectSessionExpired(await me(token));
    await expect(api.login('aminata.ba', OWN_PASSWORD)).rejects.toThrow(/401/);
    const again = await api.login('aminata.ba', reset.body.payload.oneTimePassword);
    expect(again.user).toMatchObject({ mustChangePassword: true });
    expect(await auditOf('user.passwordReset', made.user.id)).toHaveLength(1);
  });

  it('unlocks a user slowed down by failed sign-ins', async () => {
    const made = (await create(teller('ibou.sarr'))).body.payload;
    for (let i = 0; i < 8; i++) {
      await api.call('POST', '/rest/auth/login', { json: { username: 'ibou.sarr', password: 'wrong-guess' } });
    }
    expect((await list('?q=ibou.sarr')).body.payload.rows[0]?.throttled).toBe(true);
    const unlocked = await act(made.user.id, 'unlock');
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.payload.throttled).toBe(false);
    expect((await api.login('ibou.sarr', made.oneTimePassword)).user).toMatchObject({ mustChangePassword: true });
    expect(await auditOf('user.unlock', made.user.id)).toHaveLength(1);
  });

  it('resets another user’s two-factor sign-in', async () => {
    const made = (await create(teller('oumar.ly'))).body.payload;
    await api.handle.db.insert(userTwoFactor).values({ userId: made.user.id, secret: 'x', enabledAt: api.clock.now() });
    expect((await list('?q=oumar.ly')).body.payload.rows[0]?.twoFactor).toBe(true);
    const reset = await act(made.user.id, 'two-factor/reset');
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.payload.twoFactor).toBe(false);
    expectFailure(await act(made.user.id, 'two-factor/reset'), 409, 'TWO_FACTOR_NOT_ENABLED');
    const rows = await api.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'twoFactor.reset'), eq(auditEvents.targetId, String(made.user.id))));
    expect(rows).toHaveLength(1);
  });
});

describe('changes that wait for a second administrator', () => {
  type Pending = { applied: false; changeRequestId: number; firstHalf?: string };
  const decide = (id: number, user: string, json: unknown) =>
    api.call('POST', `/rest/inbox/change/${id}/decision`, { token: tokens[user], json });
  const checker = (username = 'khady.checker') => ({
    username,
    name: 'Khady Ndiaye',
    group: 'bank',
    bankId: bis.id,
    profile: 'Checker',
  });

  it('creates a bank Checker only once another administrator approves, never the maker', async () => {
    const asked = await api.call<Success<Pending>>('POST', '/rest/users', {
      token: tokens.admin,
      json: checker(),
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const id = asked.body.payload.changeRequestId;
    // The maker gets the first half of the new user's one-time password, and nothing more.
    const firstHalf = asked.body.payload.firstHalf ?? '';
    expect(firstHalf).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    const listed = await list('?q=khady.checker');
    expect(listed.body.payload.rows).toHaveLength(0);
    expect(listed.body.payload.pending).toContainEqual(
      expect.objectContaining({
        id,
        kind: 'user.create',
        mine: true,
        summary: 'Create user khady.checker: Khady Ndiaye (Bank, BIS Checker)',
      }),
    );
    // The same user cannot be asked for twice while the first request waits.
    expectFailure(await create(checker()), 409, 'CHANGE_PENDING');

    expectFailure(await decide(id, 'admin', { decision: 'approve' }), 403, 'SELF_APPROVAL');
    const approved = await decide(id, 'network-supervisor', { decision: 'approve' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const secondHalf = (approved.body as Success<{ secondHalf?: string }>).payload.secondHalf ?? '';
    expect(secondHalf).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    const [made] = (await list('?q=khady.checker')).body.payload.rows;
    expect(made).toMatchObject({ profile: 'Checker', bank: { code: 'BIS' }, mustChangePassword: true, decides: true });
    expect((await list()).body.payload.pending.some((p) => p.id === id)).toBe(false);
    const [created] = await auditOf('user.create', made?.id as number);
    expect(created?.user?.username).toBe('network-supervisor');

    // Only the two halves together sign the new Checker in.
    const { token, user } = await api.login('khady.checker', `${firstHalf}-${secondHalf}`);
    expect(user).toMatchObject({ mustChangePassword: true, profile: { menuProfile: 'Checker' } });
    expect(token).not.toBe('');
  });

  it('waits for an admin-group user, and for a teller made a Checker; a Checker’s new name applies at once', async () => {
    const admin = await create({ username: 'second.admin', name: 'Omar Diallo', group: 'admin' });
    expect(admin.status).toBe(202);

    const teller2 = (await create(teller('awa.teller'))).body.payload.user;
    const promoted = await update(teller2.id, {
      name: 'Awa Teller',
      group: 'bank',
      bankId: bis.id,
      profile: 'Checker',
    });
    expect(promoted.status).toBe(202);
    expect((await list('?q=awa.teller')).body.payload.rows[0]?.profile).toBe('Teller');
    const id = (promoted.body.payload as unknown as Pending).changeRequestId;
    expect((await decide(id, 'network-supervisor', { decision: 'approve' })).status).toBe(200);
    expect((await list('?q=awa.teller')).body.payload.rows[0]?.profile).toBe('Checker');

    const renamed = await update(teller2.id, {
      name: 'Awa Checker',
      group: 'bank',
      bankId: bis.id,
      profile: 'Checker',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.payload.user.name).toBe('Awa Checker');
  });

  it('refuses an approval the system can no longer apply, and the request keeps waiting', async () => {
    const asked = await create(checker('late.checker'));
    const id = (asked.body.payload as unknown as Pending).changeRequestId;
    await api.handle.db.update(banks).set({ active: false }).where(eq(banks.id, bis.id));
    expectFailure(await decide(id, 'network-supervisor', { decision: 'approve' }), 422, 'BANK_NOT_FOUND');
    await api.handle.db.update(banks).set({ active: true }).where(eq(banks.id, bis.id));
    expect((await list()).body.payload.pending.some((p) => p.id === id)).toBe(true);
  });
});

describe('an AFTU master (broker) and the members it represents', () => {
  type Members = { members: { memberId: string; name: string }[] };
  const aftuMembers = async () =>
    (await api.call<Success<Members>>('GET', '/rest/users/aftu-members', { token: tokens.admin })).body.payload.members;
  const broker = (username: string, members?: string[]) => ({
    username,
    name: 'Aliou Broker',
    group: 'aftuMaster',
    ...(members ? { members } : {}),
  });

  it('lists the AFTU members a broker may represent', async () => {
    const members = await aftuMembers();
    expect(members.length).toBeGreaterThan(1);
    expect(members.every((m) => m.memberId && m.name)).toBe(true);
    expectFailure(await api.call('GET', '/rest/users/aftu-members', { token: tokens['kyc-admin'] }), 403, 'FORBIDDEN');
  });

  it('creates a broker with the members chosen; its menu reads them; an edit replaces them, audited', async () => {
    const [first, second] = await aftuMembers();
    if (!first || !second) throw new Error('The demo has fewer than two AFTU members');
    expectFailure(await create(broker('broker.none')), 400, 'VALIDATION_FAILED');
    expectFailure(await create(broker('broker.ghost', ['NO-SUCH-MEMBER'])), 422, 'MEMBER_NOT_FOUND');
    expectFailure(await create({ ...teller('teller.members'), members: [first.memberId] }), 400, 'VALIDATION_FAILED');

    const made = await create(broker('broker.one', [first.memberId, second.memberId]));
    expect(made.status).toBe(201);
    const { user, oneTimePassword } = made.body.payload;
    expect(user.members.map((m) => m.memberId).sort()).toEqual([first.memberId, second.memberId].sort());
    const token = await firstSignIn(api, 'broker.one', oneTimePassword ?? '');
    const menu = await api.call<Success<{ MemberDetailsList: { memberId: string }[] }>>(
      'GET',
      `/rest/members/merchant-partner/associated-members?brokerId=${user.id}`,
      { token },
    );
    expect(menu.status).toBe(200);
    expect(menu.body.payload.MemberDetailsList.map((m) => m.memberId).sort()).toEqual(
      [first.memberId, second.memberId].sort(),
    );

    const edited = await update(user.id, { name: 'Aliou Broker', group: 'aftuMaster', members: [second.memberId] });
    expect(edited.status).toBe(200);
    expect(edited.body.payload.user.members).toEqual([second]);
    const [audit] = await auditOf('user.update', user.id);
    expect(audit?.details).toMatchObject({ before: { members: expect.arrayContaining([first.memberId]) } });

    const groupOf = async (session: string) =>
      (await api.call<Success<{ groupDetails: { groupId: number } }>>('GET', '/rest/auth/me', { token: session })).body
        .payload.groupDetails.groupId;
    const asBroker = await groupOf(token);
    // No longer a broker: it represents nobody.
    const moved = await update(user.id, { name: 'Aliou Broker', group: 'reportAdmin' });
    expect(moved.status).toBe(200);
    expect(moved.body.payload.user.members).toEqual([]);
    // Its session, cached by the server, is read anew at once: it signs in as a broker no more.
    expect(await groupOf(token)).not.toBe(asBroker);
  });
});
