import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIMARY_GROUP_IDS, primaryIdOf } from '../../../contract/groups';
import { HEADER, XSRF_COOKIE } from '../../../contract/http';
import { DEMO_USERS } from '../../db/demo-users';
import { DEMO_BANKS } from '../../db/seed';
import { sessionActivity, sessions, users } from '../../db/schema';
import { expectFailure, expectSessionExpired } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { ACTIVITY_WRITE_MS } from '../../http/session-activity';

interface UserObject {
  sessionId: string;
  profile: { id: number; name: string; username: string; menuProfile: string };
  groupDetails: { groupId: number };
  bankList: { id: number; code: string; name: string }[];
  accountsData: { number: string; balance: number; currency: string }[];
}
type Success<T> = { status: true; payload: T };

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('POST /rest/auth/login', () => {
  it('answers the user object in the success envelope', async () => {
    const res = await api.call<Success<UserObject>>('POST', '/rest/auth/login', {
      json: { username: 'admin', password: 'demo1234' },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(true);
    const user = res.body.payload;
    expect(user.sessionId).toEqual(expect.any(String));
    expect(user.profile).toEqual({
      id: expect.any(Number),
      name: 'Awa Ndiaye',
      username: 'admin',
      // Demo users have no chosen profile: the menus read their name, as before profiles.
      menuProfile: 'Awa Ndiaye',
    });
    expect(user.groupDetails).toEqual({ groupId: 67 });
    expect(user.bankList.map((b) => b.code).sort()).toEqual(DEMO_BANKS.map((b) => b.code).sort());
    expect(Array.isArray(user.accountsData)).toBe(true);
    for (const account of user.accountsData) {
      expect(account).toMatchObject({ number: expect.any(String), currency: 'XOF' });
      expect(Number.isInteger(account.balance)).toBe(true);
    }
  });

  it('finds the username regardless of case and surrounding spaces', async () => {
    const { user } = await api.login('  AFTU-Master ');
    expect((user.profile as UserObject['profile']).username).toBe('aftu-master');
  });

  it('gives an unknown user and a wrong password the same answer', async () => {
    const unknown = await api.call('POST', '/rest/auth/login', {
      json: { username: 'nobody-here', password: 'demo1234' },
    });
    const wrong = await api.call('POST', '/rest/auth/login', { json: { username: 'agent', password: 'not-the-one' } });
    expectFailure(unknown, 401, 'INVALID_CREDENTIALS');
    expectFailure(wrong, 401, 'INVALID_CREDENTIALS');
    expect(wrong.body).toEqual(unknown.body);
  });

  it('issues a 32-byte token and stores only its SHA-256', async () => {
    const { token, user } = await api.login('merchant');
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await api.handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, (user.profile as UserObject['profile']).id));
    expect(rows.map((r) => r.tokenHash)).toContain(sha256(token));
    const all = await api.handle.db.select().from(sessions);
    expect(JSON.stringify(all)).not.toContain(token);
    expect(JSON.stringify(all)).not.toContain(Buffer.from(token, 'base64url').toString('hex'));
  });

  it('gives each login its own session', async () => {
    const a = await api.login('agent');
    const b = await api.login('agent');
    expect(a.token).not.toBe(b.token);
  });

  it('stores passwords as scrypt hashes, never in clear', async () => {
    const rows = await api.handle.db.select({ hash: users.passwordHash }).from(users);
    expect(rows.length).toBeGreaterThanOrEqual(DEMO_USERS.length);
    for (const { hash } of rows) {
      expect(hash).toMatch(/^scrypt\$/);
      expect(hash).not.toContain('demo1234');
    }
    // Each hash is salted: the same password never gives the same string.
    expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
  });
});

describe('login input validation', () => {
  const bad: [string, unknown][] = [
    ['an empty object', {}],
    ['no username', { password: 'demo1234' }],
    ['no password', { username: 'admin' }],
    ['an empty username', { username: '   ', password: 'demo1234' }],
    ['an empty password', { username: 'admin', password: '' }],
    ['a numeric username', { username: 221771234567, password: 'demo1234' }],
    ['a null username', { username: null, password: 'demo1234' }],
    ['an array password', { username: 'admin', password: ['demo1234'] }],
    ['an object password', { username: 'admin', password: { value: 'demo1234' } }],
    ['an overlong username', { username: 'a'.repeat(500), password: 'demo1234' }],
    ['an array body', [{ username: 'admin', password: 'demo1234' }]],
    ['a string body', 'admin:demo1234'],
    ['a null body', null],
  ];
  it.each(bad)('answers %s with 400 in the error shape', async (_label, json) => {
    const res = await api.call('POST', '/rest/auth/login', { json });
    const body = expectFailure(res, 400, 'VALIDATION_FAILED');
    expect(body.errors[0]?.longMessage).not.toMatch(/\n\s+at /);
  });

  it('answers a username with a NUL character in the error shape, never 500', async () => {
    const res = await api.call('POST', '/rest/auth/login', { json: { username: 'adm\u0000in', password: 'demo1234' } });
    expect([400, 401]).toContain(res.status);
    expectFailure(res, res.status, res.status === 400 ? 'VALIDATION_FAILED' : 'INVALID_CREDENTIALS');
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const cookie = await xsrfCookieValue();
    const res = await api.request('/rest/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HEADER.xsrf]: cookie },
      body: '{"username": "admin", ',
    });
    expectFailure({ status: res.status, body: await res.json() }, 400, 'BAD_REQUEST');
  });

  it('answers a request with no body with 400 in the error shape', async () => {
    const cookie = await xsrfCookieValue();
    const res = await api.request('/rest/auth/login', { method: 'POST', headers: { [HEADER.xsrf]: cookie } });
    expectFailure({ status: res.status, body: await res.json() }, 400, 'VALIDATION_FAILED');
  });

  it('answers a body that is not JSON with 415 in the error shape', async () => {
    const cookie = await xsrfCookieValue();
    const res = await api.request('/rest/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', [HEADER.xsrf]: cookie },
      body: 'username=admin&password=demo1234',
    });
    expect(res.status).toBe(415);
    expectFailure({ status: res.status, body: await res.json() }, 415, 'BAD_REQUEST');
  });
});

/** The XSRF cookie the harness jar currently holds (a browser page reads it the same way). */
async function xsrfCookieValue(): Promise<string> {
  // A GET always answers with the cookie when the request lacks one.
  const res = await api.request('/rest/health', { cookies: false });
  const match = /XSRF-TOKEN=([^;]+)/.exec(res.headers.get('set-cookie') ?? '');
  if (!match?.[1]) throw new Error('no XSRF cookie');
  return match[1];
}

describe('XSRF double-submit', () => {
  const loginJson = JSON.stringify({ username: 'admin', password: 'demo1234' });

  it('refuses a state-changing request without the XSRF header', async () => {
    await xsrfCookieValue();
    const res = await api.request('/rest/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginJson,
    });
    expectFailure({ status: res.status, body: await res.json() }, 403, 'XSRF_MISMATCH');
  });

  it('refuses a header that differs from the cookie', async () => {
    const res = await api.call('POST', '/rest/auth/login', {
      json: { username: 'admin', password: 'demo1234' },
      headers: { [HEADER.xsrf]: 'forged-value' },
    });
    expectFailure(res, 403, 'XSRF_MISMATCH');
  });

  it('refuses a header sent without the cookie', async () => {
    const cookie = await xsrfCookieValue();
    const res = await api.request('/rest/auth/login', {
      method: 'POST',
      cookies: false,
      headers: { 'content-type': 'application/json', [HEADER.xsrf]: cookie },
      body: loginJson,
    });
    expect(res.status).toBe(403);
    expectFailure({ status: res.status, body: await res.json() }, 403, 'XSRF_MISMATCH');
    // The refused browser still gets a cookie so its next attempt can succeed.
    expect(res.headers.get('set-cookie')).toContain(`${XSRF_COOKIE}=`);
  });

  it('protects logout too, so another site cannot sign the user out', async () => {
    const { token } = await api.login('agent');
    const res = await api.call('POST', '/rest/auth/logout', { token, headers: { [HEADER.xsrf]: 'nope' } });
    expectFailure(res, 403, 'XSRF_MISMATCH');
    const me = await api.call('GET', '/rest/auth/me', { token });
    expect(me.status).toBe(200);
  });

  it('does not ask a GET for the header', async () => {
    const { token } = await api.login('agent');
    const res = await api.request('/rest/auth/me', { headers: { [HEADER.sessionToken]: token } });
    expect(res.status).toBe(200);
  });

  it('renews the cookie at login, and the renewed pair is accepted', async () => {
    const before = await xsrfCookieValue();
    const res = await api.request('/rest/auth/login', {
      method: 'POST',
      cookies: false,
      headers: { 'content-type': 'application/json', [HEADER.xsrf]: before, cookie: `${XSRF_COOKIE}=${before}` },
      body: loginJson,
    });
    expect(res.status).toBe(200);
    const renewed = /XSRF-TOKEN=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(before);
    expect(res.headers.get('set-cookie')).toMatch(/SameSite=Strict/);
    expect(res.headers.get('set-cookie')).not.toMatch(/HttpOnly/i);
    const { sessionId } = ((await res.json()) as Success<UserObject>).payload;
    const logout = await api.request('/rest/auth/logout', {
      method: 'POST',
      cookies: false,
      headers: {
        [HEADER.sessionToken]: sessionId,
        [HEADER.xsrf]: renewed as string,
        cookie: `${XSRF_COOKIE}=${renewed}`,
      },
    });
    expect(logout.status).toBe(200);
  });
});

describe('sessions', () => {
  it('GET /rest/auth/me answers the user object for a live session', async () => {
    const { token, user } = await api.login('bank-bridge');
    const res = await api.call<Success<UserObject>>('GET', '/rest/auth/me', { token });
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual(user);
  });

  it('answers 401 sessionExpired with no token', async () => {
    expectSessionExpired(await api.call('GET', '/rest/auth/me'));
    expectSessionExpired(await api.call('GET', '/rest/auth/me', { headers: { [HEADER.sessionToken]: '' } }));
  });

  it('answers 401 sessionExpired for an unknown token', async () => {
    expectSessionExpired(await api.call('GET', '/rest/auth/me', { token: 'A'.repeat(43) }));
    expectSessionExpired(await api.call('GET', '/rest/auth/me', { token: 'not a token at all' }));
  });

  it('does not accept the stored hash in place of the token', async () => {
    const { token } = await api.login('agent');
    expectSessionExpired(await api.call('GET', '/rest/auth/me', { token: sha256(token) }));
  });
});

describe('POST /rest/auth/logout', () => {
  it('revokes the session: the next request with it answers 401 sessionExpired', async () => {
    const { token } = await api.login('support');
    expect((await api.call('GET', '/rest/auth/me', { token })).status).toBe(200);
    const res = await api.call('POST', '/rest/auth/logout', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true, payload: { loggedOut: true } });
    expectSessionExpired(await api.call('GET', '/rest/auth/me', { token }));
    expectSessionExpired(
      await api.call('GET', '/rest/members/merchant-partner/associated-members?brokerId=1', { token }),
    );
  });

  it('ends only that session, not the same user on another device', async () => {
    const phone = await api.login('kyc-admin');
    const desk = await api.login('kyc-admin');
    await api.call('POST', '/rest/auth/logout', { token: phone.token });
    expectSessionExpired(await api.call('GET', '/rest/auth/me', { token: phone.token }));
    expect((await api.call('GET', '/rest/auth/me', { token: desk.token })).status).toBe(200);
  });

  it('succeeds without a session or for one already ended', async () => {
    const { token } = await api.login('agent');
    expect((await api.call('POST', '/rest/auth/logout', { token })).status).toBe(200);
    expect((await api.call('POST', '/rest/auth/logout', { token })).status).toBe(200);
    expect((await api.call('POST', '/rest/auth/logout')).status).toBe(200);
  });
});

describe('channel', () => {
  const sessionOf = async (token: string) => {
    const [row] = await api.handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    if (!row) throw new Error('session not stored');
    return row;
  };
  const activityOf = async (token: string) => {
    const session = await sessionOf(token);
    return api.handle.db.select().from(sessionActivity).where(eq(sessionActivity.sessionId, session.id));
  };

  it('records the digits-only demo user logging in through wap1', async () => {
    const res = await api.call<Success<UserObject>>('POST', '/rest/auth/login', {
      json: { username: '221771234567', password: 'demo1234' },
      headers: { [HEADER.channel]: 'wap1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.payload.profile.username).toBe('221771234567');
    expect(res.body.payload.groupDetails.groupId).toBe(14);
    const token = res.body.payload.sessionId;
    expect(await sessionOf(token)).toMatchObject({ loginChannel: 'wap1', lastChannel: 'wap1' });

    const me = await api.call('GET', '/rest/auth/me', { token, headers: { [HEADER.channel]: 'wap1' } });
    expect(me.status).toBe(200);
    const activity = await activityOf(token);
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({ channel: 'wap1', method: 'GET', path: '/rest/auth/me' });
    expect((await sessionOf(token)).requestCount).toBe(1);
  });

  it('records each request through its own channel, written at most once a minute', async () => {
    const { token } = await api.login('agent');
    expect(await sessionOf(token)).toMatchObject({ loginChannel: 'dashboard', lastChannel: 'dashboard' });
    await api.call('GET', '/rest/auth/me', { token, headers: { [HEADER.channel]: 'wap1' } });
    expect(await sessionOf(token)).toMatchObject({ lastChannel: 'wap1', requestCount: 1 });
    // Within the minute: held by the server, not yet written.
    await api.call('GET', '/rest/auth/me', { token, headers: { [HEADER.channel]: 'dashboard' } });
    expect(await sessionOf(token)).toMatchObject({ lastChannel: 'wap1', requestCount: 1 });
    expect((await activityOf(token)).map((a) => a.channel)).toEqual(['wap1']);
    api.clock.advance(ACTIVITY_WRITE_MS);
    const before = (await sessionOf(token)).lastSeenAt;
    await api.call('GET', '/rest/auth/me', { token, headers: { [HEADER.channel]: 'dashboard' } });
    const session = await sessionOf(token);
    expect(session).toMatchObject({ loginChannel: 'dashboard', lastChannel: 'dashboard', requestCount: 3 });
    expect(session.lastSeenAt.getTime() - before.getTime()).toBe(ACTIVITY_WRITE_MS);
    expect((await activityOf(token)).map((a) => a.channel)).toEqual(['wap1', 'dashboard', 'dashboard']);
  });

  it('writes what it held when the session signs out: every request is counted', async () => {
    const { token } = await api.login('agent');
    for (const channel of ['wap1', 'dashboard', 'wap1']) {
      await api.call('GET', '/rest/auth/me', { token, headers: { [HEADER.channel]: channel } });
    }
    expect((await activityOf(token)).map((a) => a.channel)).toEqual(['wap1']);
    await api.call('POST', '/rest/auth/logout', { token });
    expect(await sessionOf(token)).toMatchObject({ lastChannel: 'wap1', requestCount: 3 });
    expect((await activityOf(token)).map((a) => a.channel)).toEqual(['wap1', 'dashboard', 'wap1']);
  });

  it('records a request with no or an unrecognised channel as dashboard', async () => {
    const res = await api.call<Success<UserObject>>('POST', '/rest/auth/login', {
      json: { username: 'merchant', password: 'demo1234' },
      headers: { [HEADER.channel]: 'ussd' },
    });
    const token = res.body.payload.sessionId;
    expect((await sessionOf(token)).loginChannel).toBe('dashboard');
    await api.call('GET', '/rest/auth/me', { token, headers: { [HEADER.channel]: 'WAP-1' } });
    const bare = await api.request('/rest/auth/me', { headers: { [HEADER.sessionToken]: token } });
    expect(bare.status).toBe(200);
    await api.call('POST', '/rest/auth/logout', { token });
    expect((await activityOf(token)).map((a) => a.channel)).toEqual(['dashboard', 'dashboard']);
    expect((await sessionOf(token)).lastChannel).toBe('dashboard');
  });
});

describe('every demo user', () => {
  it('can log in with demo1234 and gets its group', async () => {
    const results = await Promise.all(
      DEMO_USERS.map(async (demo) => {
        const { user } = await api.login(demo.username);
        return { demo, user: user as unknown as UserObject };
      }),
    );
    for (const { demo, user } of results) {
      expect(user.profile.username).toBe(demo.username);
      expect(user.profile.name).toBe(demo.name);
      expect(user.groupDetails.groupId).toBe(primaryIdOf(demo.group, PRIMARY_GROUP_IDS));
    }
    // ~36 scrypt checks: about two seconds on an idle machine, more on a busy CI runner.
  }, 90_000);
});

describe('XSRF bound to the session', () => {
  it('refuses a signed-in write whose equal cookie and header are not its session’s token', async () => {
    const { token } = await api.login('agent');
    const forged = 'an-equal-pair-of-my-own';
    const res = await api.request('/rest/auth/logout', {
      method: 'POST',
      cookies: false,
      headers: { [HEADER.sessionToken]: token, [HEADER.xsrf]: forged, cookie: `${XSRF_COOKIE}=${forged}` },
    });
    expectFailure({ status: res.status, body: await res.json() }, 403, 'XSRF_MISMATCH');
    expect((await api.call('GET', '/rest/auth/me', { token })).status).toBe(200);
  });

  it('refuses another session’s token', async () => {
    const mine = await signIn('agent');
    const theirs = await signIn('admin');
    const res = await api.request('/rest/auth/logout', {
      method: 'POST',
      cookies: false,
      headers: {
        [HEADER.sessionToken]: mine.token,
        [HEADER.xsrf]: theirs.xsrf,
        cookie: `${XSRF_COOKIE}=${theirs.xsrf}`,
      },
    });
    expect(res.status).toBe(403);
    // The refusal carries this session's own token, so the page's retry succeeds.
    const renewed = /XSRF-TOKEN=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    expect(renewed).toBe(mine.xsrf);
  });

  it('accepts the token the sign-in answer set, and a GET with the session sets it again', async () => {
    const mine = await signIn('agent');
    const reload = await api.request('/rest/auth/me', {
      cookies: false,
      headers: { [HEADER.sessionToken]: mine.token },
    });
    expect(/XSRF-TOKEN=([^;]+)/.exec(reload.headers.get('set-cookie') ?? '')?.[1]).toBe(mine.xsrf);
    const res = await api.request('/rest/auth/logout', {
      method: 'POST',
      cookies: false,
      headers: { [HEADER.sessionToken]: mine.token, [HEADER.xsrf]: mine.xsrf, cookie: `${XSRF_COOKIE}=${mine.xsrf}` },
    });
    expect(res.status).toBe(200);
  });
});

/** Signs in without the jar; returns the session token and the XSRF cookie its answer set. */
async function signIn(username: string) {
  const pair = await xsrfCookieValue();
  const res = await api.request('/rest/auth/login', {
    method: 'POST',
    cookies: false,
    headers: { 'content-type': 'application/json', [HEADER.xsrf]: pair, cookie: `${XSRF_COOKIE}=${pair}` },
    body: JSON.stringify({ username, password: 'demo1234' }),
  });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] as string;
  const { sessionId } = ((await res.json()) as Success<UserObject>).payload;
  return { token: sessionId, xsrf };
}
