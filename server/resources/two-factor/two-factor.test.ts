import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionStatus, TwoFactorChallenge } from '../../../contract/api/auth';
import type {
  TwoFactorEnabled,
  TwoFactorEnrolment,
  TwoFactorRecoveryCodes,
  TwoFactorStatus,
  TwoFactorUserStatus,
} from '../../../contract/api/two-factor';
import { auditEvents, loginChallenges, sessions, userTwoFactor, users } from '../../db/schema';
import { expectFailure, expectSessionExpired, MINUTE } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { anotherAdmin } from '../../test/staff';
import { hashToken } from '../../lib/session-tokens';
import { stepAt, totpForStep } from '../../domain/two-factor/totp';

const SECOND = 1000;

let api: TestApi;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  api = await createTestApi();
  for (const user of ['admin', 'network-supervisor', 'agent', 'kyc-admin'])
    tokens[user] = (await api.login(user)).token;
});
afterAll(() => api.close());

type Payload<T> = { payload: T };
const status = (user: string) => api.call<Payload<TwoFactorStatus>>('GET', '/rest/two-factor', { token: tokens[user] });
const enrol = (user: string, on = api) =>
  on.call<Payload<TwoFactorEnrolment>>('POST', '/rest/two-factor/enrolment', { token: tokens[user] });
const confirm = (user: string, code: string) =>
  api.call<Payload<TwoFactorEnabled>>('POST', '/rest/two-factor/enrolment/confirm', {
    token: tokens[user],
    json: { code },
  });
const disable = (user: string, code: string) =>
  api.call<Payload<TwoFactorStatus>>('POST', '/rest/two-factor/disable', { token: tokens[user], json: { code } });
const regenerate = (user: string, code: string) =>
  api.call<Payload<TwoFactorRecoveryCodes>>('POST', '/rest/two-factor/recovery-codes', {
    token: tokens[user],
    json: { code },
  });
const password = (username: string, on = api) =>
  on.call<Payload<TwoFactorChallenge & { sessionId?: string }>>('POST', '/rest/auth/login', {
    json: { username, password: 'demo1234' },
  });
const answer = (challengeToken: string, code: string, on = api) =>
  on.call<Payload<{ sessionId: string; profile: { username: string } }>>('POST', '/rest/auth/login/two-factor', {
    json: { challengeToken, code },
  });

/** The secret as the user's app holds it, and the code it shows `offset` steps from the test clock. */
const app =
  (secret: string) =>
  (offset = 0, on = api) =>
    totpForStep(secret, stepAt(on.clock.now()) + offset);

/** A code the app does not show now, nor one step either side. */
function wrongCode(code: ReturnType<typeof app>, on = api, n = 0): string {
  const window = [-1, 0, 1].map((offset) => code(offset, on));
  for (let i = n; ; i++) {
    const guess = String((Number(window[1]) + 1 + i * 7919) % 1_000_000).padStart(6, '0');
    if (!window.includes(guess)) return guess;
  }
}

/** Turns two-factor on for `user`, returning its app and recovery codes. */
async function turnOn(user: string) {
  const started = await enrol(user);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const code = app(started.body.payload.secret);
  const done = await confirm(user, code());
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { code, recoveryCodes: done.body.payload.recoveryCodes };
}

/** Oldest first: a table without ORDER BY comes back in whatever order PostgreSQL finds the rows. */
async function auditOf(action: string, targetId: number) {
  return api.handle.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, String(targetId))))
    .orderBy(auditEvents.id);
}

async function userId(username: string) {
  const [row] = await api.handle.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row?.id as number;
}

describe('enrolment', () => {
  it('gives a secret to scan or type, and turns on with the app’s first code', async () => {
    expect((await status('admin')).body.payload).toEqual({
      enabled: false,
      enabledAt: null,
      pending: false,
      recoveryCodesLeft: 0,
    });
    const started = await enrol('admin');
    expect(started.status).toBe(201);
    const { secret, otpauthUri, qrCode, issuer, account } = started.body.payload;
    expect(secret).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const raw = secret.replaceAll(' ', '');
    expect(otpauthUri).toBe(
      `otpauth://totp/Wallet%20Back-office:admin?secret=${raw}&issuer=Wallet%20Back-office&algorithm=SHA1&digits=6&period=30`,
    );
    expect({ issuer, account }).toEqual({ issuer: 'Wallet Back-office', account: 'admin' });
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(qrCode.split(',')[1] as string, 'base64').toString();
    expect(svg).toMatch(/^<svg [^>]*viewBox/);
    expect((await status('admin')).body.payload).toMatchObject({ enabled: false, pending: true });

    // Stored encrypted, not as the secret.
    const id = await userId('admin');
    const [row] = await api.handle.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, id));
    expect(row?.secret).not.toContain(raw);
    expect(row?.enabledAt).toBeNull();

    expectFailure(
      await confirm(
        'admin',
        '000000'.replace(/0/g, (_, i) => String((i + 3) % 10)),
      ),
      400,
      'INVALID_TWO_FACTOR_CODE',
    );
    expectFailure(await confirm('admin', 'not a code'), 400, 'INVALID_TWO_FACTOR_CODE');
    const done = await confirm('admin', app(raw)());
    expect(done.status).toBe(200);
    const { recoveryCodes, enabledAt } = done.body.payload;
    expect(enabledAt).toBe(api.clock.now().toISOString());
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await status('admin')).body.payload).toEqual({
      enabled: true,
      enabledAt,
      pending: false,
      recoveryCodesLeft: 10,
    });
    const audit = await auditOf('twoFactor.enable', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: id, channel: 'dashboard', targetType: 'user' });
    expect(JSON.stringify(audit[0]?.details)).not.toMatch(/[0-9a-z]{5}-[0-9a-z]{5}/);

    // On already: no second set-up over it, and the confirmation cannot be replayed.
    expectFailure(await enrol('admin'), 409, 'TWO_FACTOR_ALREADY_ENABLED');
    expectFailure(await confirm('admin', app(raw)()), 409, 'TWO_FACTOR_ALREADY_ENABLED');
    // Clean up for the tests below.
    api.clock.advance(30 * SECOND);
    expect((await disable('admin', app(raw)())).status).toBe(200);
  });

  it('replaces a set-up never confirmed: the old secret’s codes no longer work', async () => {
    const first = (await enrol('admin')).body.payload.secret;
    const second = (await enrol('admin')).body.payload.secret;
    expect(second).not.toBe(first);
    const oldCode = app(first)();
    if (oldCode !== app(second)()) expectFailure(await confirm('admin', oldCode), 400, 'INVALID_TWO_FACTOR_CODE');
    expect((await confirm('admin', app(second)())).status).toBe(200);
    api.clock.advance(30 * SECOND);
    expect((await disable('admin', app(second)())).status).toBe(200);
  });

  it('is for the admin menu’s groups only, as the menu shows /two-factor', async () => {
    for (const user of ['agent', 'kyc-admin']) {
      expectFailure(await status(user), 403, 'FORBIDDEN');
      expectFailure(await enrol(user), 403, 'FORBIDDEN');
    }
    expectSessionExpired(await api.call('GET', '/rest/two-factor'));
    expectFailure(
      await api.call('POST', '/rest/two-factor/enrolment/confirm', { token: tokens.admin, json: {} }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('answers 503 in production without TWO_FACTOR_KEY, instead of using the development key', async () => {
    const production = api.derive({ NODE_ENV: 'production' });
    expectFailure(await enrol('admin', production), 503, 'TWO_FACTOR_UNAVAILABLE');
  });
});

describe('signing in with two-factor', () => {
  let code: ReturnType<typeof app>;
  let recoveryCodes: string[];
  let supervisorId: number;
  beforeAll(async () => {
    ({ code, recoveryCodes } = await turnOn('network-supervisor'));
    supervisorId = await userId('network-supervisor');
    api.clock.advance(30 * SECOND);
  });

  it('asks for the code after the right password, and opens the session only with it', async () => {
    const sessionsBefore = await api.handle.db.$count(sessions);
    const first = await password('network-supervisor');
    expect(first.status).toBe(200);
    expect(first.body.payload).toEqual({
      twoFactorRequired: true,
      challengeToken: expect.any(String),
      expiresAt: new Date(api.clock.now().getTime() + 5 * MINUTE).toISOString(),
    });
    expect(first.body.payload.sessionId).toBeUndefined();
    expect(await api.handle.db.$count(sessions)).toBe(sessionsBefore);

    const done = await answer(first.body.payload.challengeToken, code());
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.payload.profile.username).toBe('network-supervisor');
    expect((await api.call('GET', '/rest/auth/me', { token: done.body.payload.sessionId })).status).toBe(200);
    // The challenge is spent.
    expectFailure(await answer(first.body.payload.challengeToken, code(1)), 401, 'TWO_FACTOR_CHALLENGE_EXPIRED');
  });

  it('refuses a code already used (replay), then takes the next one', async () => {
    // Spend a code of a step of its own, so the replay does not hang on an earlier test's sign-in.
    api.clock.advance(30 * SECOND);
    const used = code();
    const first = await password('network-supervisor');
    expect((await answer(first.body.payload.challengeToken, used)).status).toBe(200);
    const again = await password('network-supervisor');
    expectFailure(await answer(again.body.payload.challengeToken, used), 401, 'INVALID_TWO_FACTOR_CODE');
    const [failed] = await auditOf('auth.twoFactorFailed', supervisorId);
    expect(failed).toMatchObject({ userId: null, targetType: 'user', channel: 'dashboard' });
    api.clock.advance(30 * SECOND);
    expect((await answer(again.body.payload.challengeToken, code())).status).toBe(200);
  });

  it('lets only one of two requests racing with one code through', async () => {
    api.clock.advance(30 * SECOND);
    const [a, b] = await Promise.all([password('network-supervisor'), password('network-supervisor')]);
    const shown = code();
    const answers = await Promise.all([
      answer(a?.body.payload.challengeToken ?? '', shown),
      answer(b?.body.payload.challengeToken ?? '', shown),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('takes each recovery code once, instead of the app’s code', async () => {
    const [recovery] = recoveryCodes as [string];
    const first = await password('network-supervisor');
    // As typed from paper: upper case, no dash.
    const done = await answer(first.body.payload.challengeToken, recovery.toUpperCase().replace('-', ' '));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await auditOf('auth.recoveryCodeUsed', supervisorId)).at(-1)?.details).toMatchObject({ left: 9 });
    const second = await password('network-supervisor');
    expectFailure(await answer(second.body.payload.challengeToken, recovery), 401, 'INVALID_TWO_FACTOR_CODE');
    api.clock.advance(30 * SECOND);
    expect((await answer(second.body.payload.challengeToken, code())).status).toBe(200);
  });

  it('ends a challenge after 5 minutes', async () => {
    api.clock.advance(30 * SECOND);
    const started = await password('network-supervisor');
    api.clock.advance(5 * MINUTE + SECOND);
    expectFailure(await answer(started.body.payload.challengeToken, code()), 401, 'TWO_FACTOR_CHALLENGE_EXPIRED');
    expectFailure(await answer('no-such-challenge', code()), 401, 'TWO_FACTOR_CHALLENGE_EXPIRED');
    expectFailure(
      await api.call('POST', '/rest/auth/login/two-factor', { json: { code: '123456' } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('allows 5 codes per challenge', async () => {
    // A lenient lock, so the challenge's own limit is the one reached.
    const lenient = api.derive({ LOGIN_MAX_FAILURES: '50' });
    lenient.clock.advance(api.clock.now().getTime() - lenient.clock.now().getTime() + 30 * SECOND);
    const started = await password('network-supervisor', lenient);
    for (let i = 0; i < 5; i++) {
      const guess = wrongCode(code, lenient, i);
      expectFailure(await answer(started.body.payload.challengeToken, guess, lenient), 401, 'INVALID_TWO_FACTOR_CODE');
    }
    // The sixth, even the right one, is refused: the challenge is over.
    expectFailure(
      await answer(started.body.payload.challengeToken, code(0, lenient), lenient),
      401,
      'TWO_FACTOR_CHALLENGE_EXPIRED',
    );
    const [row] = await api.handle.db
      .select({ attempts: loginChallenges.attempts })
      .from(loginChallenges)
      .where(eq(loginChallenges.tokenHash, hashToken(started.body.payload.challengeToken)));
    expect(row?.attempts).toBe(5);
    // A new sign-in starts a new challenge, and the right code passes (which also clears the count).
    const again = await password('network-supervisor', lenient);
    expect((await answer(again.body.payload.challengeToken, code(0, lenient), lenient)).status).toBe(200);
    api.clock.advance(lenient.clock.now().getTime() - api.clock.now().getTime());
  });

  it('counts wrong codes toward the sign-in throttle, even across a right password', async () => {
    api.clock.advance(30 * SECOND);
    const first = await password('network-supervisor');
    for (let i = 0; i < 3; i++) {
      expectFailure(
        await answer(first.body.payload.challengeToken, wrongCode(code, api, i)),
        401,
        'INVALID_TWO_FACTOR_CODE',
      );
    }
    // The right password again does not wipe the count.
    const second = await password('network-supervisor');
    expectFailure(
      await answer(second.body.payload.challengeToken, wrongCode(code, api, 3)),
      401,
      'INVALID_TWO_FACTOR_CODE',
    );
    expectFailure(
      await answer(second.body.payload.challengeToken, wrongCode(code, api, 4)),
      401,
      'INVALID_TWO_FACTOR_CODE',
    );
    // Five failures: the next attempt waits, whether it is a code (even the right one) or a password.
    const slowed = await answer(second.body.payload.challengeToken, code());
    expectFailure(slowed, 429, 'TOO_MANY_ATTEMPTS');
    expect(slowed.headers.get('retry-after')).toBe('1');
    expectFailure(await password('network-supervisor'), 429, 'TOO_MANY_ATTEMPTS');
    expect((await auditOf('auth.twoFactorFailed', supervisorId)).at(-1)?.details).toMatchObject({ throttled: true });
    api.clock.advance(30 * SECOND);
    const after = await password('network-supervisor');
    expect((await answer(after.body.payload.challengeToken, code())).status).toBe(200);
  });

  it('turns off with a code, after which the password alone signs in', async () => {
    api.clock.advance(30 * SECOND);
    const token = tokens['network-supervisor'] as string;
    // The session may have idled out while the clock ran: sign in again.
    const started = await password('network-supervisor');
    const fresh = await answer(started.body.payload.challengeToken, code());
    tokens['network-supervisor'] = fresh.body.payload.sessionId;
    expect(token).not.toBe(fresh.body.payload.sessionId);
    expectFailure(
      await disable('network-supervisor', '654321' === code() ? '123456' : '654321'),
      400,
      'INVALID_TWO_FACTOR_CODE',
    );
    const [recovery] = recoveryCodes.slice(1) as [string];
    const off = await disable('network-supervisor', recovery);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.payload).toEqual({ enabled: false, enabledAt: null, pending: false, recoveryCodesLeft: 0 });
    expect((await auditOf('twoFactor.disable', supervisorId)).at(-1)?.details).toMatchObject({ with: 'recoveryCode' });
    expectFailure(await disable('network-supervisor', code(1)), 409, 'TWO_FACTOR_NOT_ENABLED');
    const plain = await password('network-supervisor');
    expect(plain.body.payload.sessionId).toEqual(expect.any(String));
  });
});

describe('an admin’s reset of another user', () => {
  const userStatus = (caller: string, username: string) =>
    api.call<Payload<TwoFactorUserStatus>>('GET', `/rest/two-factor/users/${username}`, { token: tokens[caller] });
  const reset = (caller: string, username: string) =>
    api.call<Payload<TwoFactorUserStatus>>('POST', `/rest/two-factor/users/${username}/reset`, {
      token: tokens[caller],
    });

  beforeAll(async () => {
    // Fresh sessions: the clock ran in the tests above.
    for (const user of ['admin', 'network-supervisor', 'agent', 'kyc-admin'])
      tokens[user] = (await api.login(user)).token;
  });

  it('removes a user’s who decides nothing at once, audited', async () => {
    const id = await userId('agent');
    await api.handle.db.insert(userTwoFactor).values({ userId: id, secret: 'x', enabledAt: api.clock.now() });
    const done = await reset('admin', 'agent');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.payload).toMatchObject({ username: 'agent', enabled: false, enabledAt: null });
    const [audit] = await auditOf('twoFactor.reset', id);
    expect(audit).toMatchObject({ userId: await userId('admin'), targetType: 'user' });
    expectFailure(await reset('admin', 'agent'), 409, 'TWO_FACTOR_NOT_ENABLED');
  });

  it('waits for a second administrator for a deciding user, then removes it and ends a sign-in waiting for its code', async () => {
    await turnOn('network-supervisor');
    const waiting = await password('network-supervisor');
    expect((await userStatus('admin', 'Network-Supervisor')).body.payload).toMatchObject({
      username: 'network-supervisor',
      enabled: true,
      pending: false,
    });
    const asked = await api.call<Payload<{ applied: false; changeRequestId: number }>>(
      'POST',
      '/rest/two-factor/users/network-supervisor/reset',
      { token: tokens.admin },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body.payload).toEqual({ applied: false, changeRequestId: expect.any(Number) });
    expect((await userStatus('admin', 'network-supervisor')).body.payload.enabled).toBe(true);
    const decide = (token: string | undefined) =>
      api.call('POST', `/rest/inbox/change/${asked.body.payload.changeRequestId}/decision`, {
        token,
        json: { decision: 'approve' },
      });
    expectFailure(await decide(tokens.admin), 403, 'SELF_APPROVAL');
    expectFailure(await decide(tokens['network-supervisor']), 409, 'CANNOT_CHANGE_OWN');

    const third = await anotherAdmin(api, 'third.admin');
    expect((await decide(third)).status).toBe(200);
    expect((await userStatus('admin', 'network-supervisor')).body.payload).toMatchObject({
      enabled: false,
      enabledAt: null,
    });
    const id = await userId('network-supervisor');
    const [audit] = await auditOf('twoFactor.reset', id);
    expect(audit).toMatchObject({ userId: await userId('third.admin'), targetType: 'user' });
    expect(audit?.details).toMatchObject({ username: 'network-supervisor', wasEnabled: true });
    expectFailure(await answer(waiting.body.payload.challengeToken, '123456'), 401, 'TWO_FACTOR_CHALLENGE_EXPIRED');
    expect((await password('network-supervisor')).body.payload.sessionId).toEqual(expect.any(String));
    expectFailure(await reset('admin', 'network-supervisor'), 409, 'TWO_FACTOR_NOT_ENABLED');
  });

  it('is refused for one’s own account, unknown users and anyone outside the admin menu', async () => {
    expectFailure(await reset('admin', 'admin'), 409, 'CANNOT_RESET_OWN');
    expectFailure(await reset('admin', 'nobody-at-all'), 404, 'NOT_FOUND');
    expectFailure(await userStatus('admin', 'nobody-at-all'), 404, 'NOT_FOUND');
    for (const caller of ['agent', 'kyc-admin']) {
      expectFailure(await reset(caller, 'network-supervisor'), 403, 'FORBIDDEN');
      expectFailure(await userStatus(caller, 'network-supervisor'), 403, 'FORBIDDEN');
    }
  });
});

describe('a new set of recovery codes', () => {
  let code: ReturnType<typeof app>;
  let oldCodes: string[];
  let adminId: number;
  beforeAll(async () => {
    tokens.admin = (await api.login('admin')).token;
    ({ code, recoveryCodes: oldCodes } = await turnOn('admin'));
    adminId = await userId('admin');
    api.clock.advance(30 * SECOND);
  });
  /** Signs `admin` in with a code, keeping the new session. */
  async function signIn(typed: string) {
    const started = await password('admin');
    const done = await answer(started.body.payload.challengeToken, typed);
    if (done.status === 200) tokens.admin = done.body.payload.sessionId;
    return done;
  }

  it('gives ten new codes for an app code; the old ones stop working, the new ones sign in', async () => {
    const res = await regenerate('admin', code());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { recoveryCodes, status: after } = res.body.payload;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const fresh of recoveryCodes) {
      expect(fresh).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
      expect(oldCodes).not.toContain(fresh);
    }
    expect(after).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await status('admin')).body.payload.recoveryCodesLeft).toBe(10);
    const audit = await auditOf('twoFactor.recoveryCodes', adminId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: adminId, targetType: 'user', channel: 'dashboard' });
    expect(audit[0]?.details).toEqual({ username: 'admin', with: 'totp', recoveryCodes: 10 });
    expect(JSON.stringify(audit[0]?.details)).not.toMatch(/[0-9a-z]{5}-[0-9a-z]{5}/);

    // An old code, never used, no longer signs in nor turns two-factor off.
    expectFailure(await signIn(oldCodes[0] as string), 401, 'INVALID_TWO_FACTOR_CODE');
    expectFailure(await disable('admin', oldCodes[1] as string), 400, 'INVALID_TWO_FACTOR_CODE');
    expect((await signIn(recoveryCodes[0] as string)).status).toBe(200);
    expect((await status('admin')).body.payload.recoveryCodesLeft).toBe(9);
    oldCodes = recoveryCodes;
  });

  it('takes a recovery code instead of the app’s, and that code is spent', async () => {
    const [, used] = oldCodes as [string, string];
    const res = await regenerate('admin', used);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const newest = res.body.payload.recoveryCodes;
    expect(newest).not.toContain(used);
    expect((await auditOf('twoFactor.recoveryCodes', adminId)).at(-1)?.details).toMatchObject({
      with: 'recoveryCode',
    });
    expectFailure(await regenerate('admin', used), 400, 'INVALID_TWO_FACTOR_CODE');
    expectFailure(await signIn(used), 401, 'INVALID_TWO_FACTOR_CODE');
    expect((await signIn(newest[3] as string)).status).toBe(200);
  });

  it('refuses a wrong code with 400, counting it toward the sign-in throttle', async () => {
    api.clock.advance(30 * SECOND);
    const before = await status('admin');
    for (let i = 0; i < 5; i++) {
      expectFailure(await regenerate('admin', wrongCode(code, api, i)), 400, 'INVALID_TWO_FACTOR_CODE');
    }
    expectFailure(await regenerate('admin', wrongCode(code, api, 5)), 429, 'TOO_MANY_ATTEMPTS');
    expectFailure(await password('admin'), 429, 'TOO_MANY_ATTEMPTS');
    // Nothing changed: the codes left are the same.
    expect((await status('admin')).body.payload.recoveryCodesLeft).toBe(before.body.payload.recoveryCodesLeft);
    api.clock.advance(15 * MINUTE);
    expect((await signIn(code())).status).toBe(200);
    api.clock.advance(30 * SECOND);
    expect((await regenerate('admin', code())).status).toBe(200);
  });

  it('is refused when two-factor is off, on bad input, and outside the admin menu', async () => {
    expectFailure(
      await api.call('POST', '/rest/two-factor/recovery-codes', { token: tokens.admin, json: {} }),
      400,
      'VALIDATION_FAILED',
    );
    tokens.agent = (await api.login('agent')).token;
    expectFailure(await regenerate('agent', '123456'), 403, 'FORBIDDEN');
    expectSessionExpired(await api.call('POST', '/rest/two-factor/recovery-codes', { json: { code: '123456' } }));
    api.clock.advance(30 * SECOND);
    expect((await disable('admin', code())).status).toBe(200);
    api.clock.advance(30 * SECOND);
    expectFailure(await regenerate('admin', code()), 409, 'TWO_FACTOR_NOT_ENABLED');
  });
});

describe('session time left', () => {
  const left = (token: string) => api.call<Payload<SessionStatus>>('GET', '/rest/auth/session', { token });
  const keepAlive = (token: string) =>
    api.call<Payload<SessionStatus>>('POST', '/rest/auth/session/keep-alive', { token });

  it('tells the dashboard the idle timeout at sign-in', async () => {
    const { user } = await api.login('agent');
    expect(user.sessionPolicy).toEqual({ idleSeconds: 15 * 60 });
  });

  it('reads the time left without counting as activity', async () => {
    const { token } = await api.login('agent');
    api.clock.advance(10 * MINUTE);
    const res = await left(token);
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual({
      idleSeconds: 900,
      idleRemainingMs: 5 * MINUTE,
      absoluteRemainingMs: 8 * 60 * MINUTE - 10 * MINUTE,
    });
    api.clock.advance(5 * MINUTE - SECOND);
    expect((await left(token)).body.payload.idleRemainingMs).toBe(SECOND);
    api.clock.advance(2 * SECOND);
    expectSessionExpired(await left(token));
  });

  it('starts the idle timer again on “stay signed in”', async () => {
    const { token } = await api.login('agent');
    api.clock.advance(14 * MINUTE);
    const res = await keepAlive(token);
    expect(res.status).toBe(200);
    expect(res.body.payload.idleRemainingMs).toBe(15 * MINUTE);
    api.clock.advance(14 * MINUTE);
    expect((await api.call('GET', '/rest/auth/me', { token })).status).toBe(200);
    expectSessionExpired(await keepAlive('not-a-token'));
  });
});
