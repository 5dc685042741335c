import { groupIdTable, primaryIdOf } from '../../../contract/groups';
import { type ApiFailure, HEADER, XSRF_COOKIE } from '../../../contract/http';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../server/db/demo-users';
import type { MemberDetails } from '../../../contract/api/members';
import type { Bank, CurrentUser } from '../../../src/api/types';

/**
 * A stand-in for the REST API (docs/api.md) answering the few endpoints the shell
 * needs, through an injected `fetch`: health, auth/login, auth/logout, auth/me and
 * members/merchant-partner/associated-members. Anything else answers 404 in the error
 * shape unless a test adds a handler with `on()`. Like the real server it sets the
 * XSRF-TOKEN cookie on the first answer and refuses a write whose header does not match.
 */
export interface FakeUser {
  id: number;
  username: string;
  name: string;
  groupId: number;
  password: string;
  bankId?: number | null;
  /** Signed in with a one-time password: a new one must be set (auth/password) first. */
  mustChangePassword?: boolean;
}

export interface RecordedCall {
  method: string;
  /** Path relative to the API base, without the query: `auth/login`. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  body: unknown;
  /** An answer that goes on (server-sent events): its body, sent instead of `body`. */
  stream?: ReadableStream<Uint8Array>;
}

export type FakeHandler = (call: RecordedCall, api: FakeApi) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeApiOptions {
  users?: readonly FakeUser[];
  /** Associated members by broker username (default: two for `aftu-master`). */
  members?: Record<string, MemberDetails[]>;
  banks?: Bank[];
  /** Path of the API base in URLs (default `/rest/`). */
  base?: string;
  /**
   * Users with two-factor on, and the codes each accepts (each once): their password earns a
   * challenge, answered at auth/login/two-factor.
   */
  twoFactor?: Record<string, readonly string[]>;
  /** The idle timeout the user object announces (sessionPolicy); absent by default. */
  idleSeconds?: number;
}

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';
export const INVALID_CREDENTIALS_MESSAGE = 'Incorrect username or password.';
export const INVALID_CODE_MESSAGE = 'That code is not right, or it was already used (fake API).';

const primaryIds = groupIdTable({ usePrimary: true });

/** The demo users of server/db/demo-users.ts, with the demo password. */
export const FAKE_DEMO_USERS: readonly FakeUser[] = DEMO_USERS.map((u, i) => ({
  id: i + 1,
  username: u.username,
  name: u.name,
  groupId: primaryIdOf(u.group, primaryIds),
  password: DEMO_PASSWORD,
  bankId: u.bankCode ? (u.bankCode === 'BBG' ? 1 : 2) : null,
}));

const DEFAULT_BANKS: Bank[] = [
  { id: 1, code: 'BBG', name: 'Bridge Bank Group', bankGroup: 'BBG' },
  { id: 2, code: 'BIS', name: 'Banque Islamique du Sénégal', bankGroup: 'BIS' },
];

const DEFAULT_MEMBERS: Record<string, MemberDetails[]> = {
  'aftu-master': [
    { memberId: 'AFTU-001', memberName: 'GIE And Fagaru' },
    { memberId: 'AFTU-002', memberName: 'GIE Dakar Transport' },
  ],
};

export function failure(code: string, longMessage: string, extra: { sessionExpired?: true } = {}): ApiFailure {
  return { status: false, ...extra, errors: [{ code, shortMessage: code.replaceAll('_', ' '), longMessage }] };
}

export const success = (payload: unknown) => ({ status: true as const, payload });

export type FakeApi = ReturnType<typeof createFakeApi>;

export function createFakeApi(options: FakeApiOptions = {}) {
  const users = options.users ?? FAKE_DEMO_USERS;
  const members = options.members ?? DEFAULT_MEMBERS;
  const banks = options.banks ?? DEFAULT_BANKS;
  const base = options.base ?? '/rest/';
  const cookies = new Map<string, string>();
  const sessions = new Map<string, { user: FakeUser; revoked: boolean }>();
  const calls: RecordedCall[] = [];
  const handlers = new Map<string, FakeHandler>();
  const once: { path: string; answer: () => FakeAnswer }[] = [];
  const holds: { path: string; gate: Promise<void>; reached: () => void }[] = [];
  let expireNext: { message: string; path?: string } | null = null;
  let inFlight = 0;
  const idleWaiters = new Set<() => void>();
  let tokenSeq = 0;
  let xsrfSeq = 0;
  const codesLeft = new Map(Object.entries(options.twoFactor ?? {}).map(([u, codes]) => [u, new Set(codes)]));
  const challenges = new Map<string, { user: FakeUser; attempts: number; used: boolean }>();
  /** Passwords changed through auth/password, by username: the shared user list is never touched. */
  const changedPasswords = new Map<string, string>();
  const passwordOf = (user: FakeUser) => changedPasswords.get(user.username) ?? user.password;
  const mustChange = (user: FakeUser) => user.mustChangePassword === true && !changedPasswords.has(user.username);

  const issueXsrf = () => cookies.set(XSRF_COOKIE, `xsrf-${++xsrfSeq}`);

  function userObject(user: FakeUser, sessionId: string): CurrentUser {
    return {
      sessionId,
      profile: { id: user.id, name: user.name, username: user.username, menuProfile: user.name },
      groupDetails: { groupId: user.groupId },
      bankId: user.bankId ?? null,
      bankList: banks,
      accountsData: [],
      ...(options.idleSeconds ? { sessionPolicy: { idleSeconds: options.idleSeconds } } : {}),
      ...(mustChange(user) ? { mustChangePassword: true } : {}),
    };
  }

  function openSession(user: FakeUser): FakeAnswer {
    const token = `token-${++tokenSeq}-${user.username}`;
    sessions.set(token, { user, revoked: false });
    issueXsrf();
    return { body: success(userObject(user, token)) };
  }

  function sessionOf(call: RecordedCall): FakeUser | FakeAnswer {
    const token = call.headers.get(HEADER.sessionToken);
    if (!token)
      return { status: 401, body: failure('SESSION_EXPIRED', 'Please sign in to continue.', { sessionExpired: true }) };
    const session = sessions.get(token);
    if (!session || session.revoked) {
      return { status: 401, body: failure('SESSION_EXPIRED', SESSION_EXPIRED_MESSAGE, { sessionExpired: true }) };
    }
    return session.user;
  }
  const isAnswer = (v: FakeUser | FakeAnswer): v is FakeAnswer => 'body' in v;

  const builtIn: Record<string, FakeHandler> = {
    'GET health': () => ({ body: success({ ok: true }) }),
    'POST auth/login': (call) => {
      const { username, password } = (call.body ?? {}) as { username?: string; password?: string };
      if (!username || !password) {
        return { status: 400, body: failure('VALIDATION_FAILED', 'Enter your username and password.') };
      }
      const user = users.find((u) => u.username.toLowerCase() === username.toLowerCase());
      if (!user || passwordOf(user) !== password) {
        return { status: 401, body: failure('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE) };
      }
      if (codesLeft.has(user.username)) {
        const challengeToken = `challenge-${++tokenSeq}-${user.username}`;
        challenges.set(challengeToken, { user, attempts: 0, used: false });
        return { body: success({ twoFactorRequired: true, challengeToken, expiresAt: '2099-01-01T00:00:00.000Z' }) };
      }
      return openSession(user);
    },
    'POST auth/login/two-factor': (call) => {
      const { challengeToken, code } = (call.body ?? {}) as { challengeToken?: string; code?: string };
      const challenge = challengeToken ? challenges.get(challengeToken) : undefined;
      if (!challenge || challenge.used || challenge.attempts >= 5) {
        return {
          status: 401,
          body: failure('TWO_FACTOR_CHALLENGE_EXPIRED', 'This sign-in has expired. Enter your password again.'),
        };
      }
      challenge.attempts++;
      const codes = codesLeft.get(challenge.user.username);
      if (!code || !codes?.delete(code)) {
        return { status: 401, body: failure('INVALID_TWO_FACTOR_CODE', INVALID_CODE_MESSAGE) };
      }
      challenge.used = true;
      return openSession(challenge.user);
    },
    'GET auth/session': (call) => {
      const user = sessionOf(call);
      if (isAnswer(user)) return user;
      const idleMs = (options.idleSeconds ?? 900) * 1000;
      return {
        body: success({ idleSeconds: idleMs / 1000, idleRemainingMs: idleMs, absoluteRemainingMs: 8 * 3_600_000 }),
      };
    },
    'POST auth/session/keep-alive': (call) => {
      const user = sessionOf(call);
      if (isAnswer(user)) return user;
      const idleMs = (options.idleSeconds ?? 900) * 1000;
      return {
        body: success({ idleSeconds: idleMs / 1000, idleRemainingMs: idleMs, absoluteRemainingMs: 8 * 3_600_000 }),
      };
    },
    'POST auth/logout': (call) => {
      const token = call.headers.get(HEADER.sessionToken);
      const session = token ? sessions.get(token) : undefined;
      if (session) session.revoked = true;
      return { body: success({ loggedOut: true }) };
    },
    // The server's rule, in short: length and the current password (the real one is tested on the API).
    'POST auth/password': (call) => {
      const user = sessionOf(call);
      if (isAnswer(user)) return user;
      const { currentPassword, newPassword } = (call.body ?? {}) as { currentPassword?: string; newPassword?: string };
      if (currentPassword !== passwordOf(user)) {
        return { status: 400, body: failure('CURRENT_PASSWORD_WRONG', 'The current password is not right.') };
      }
      if (!newPassword || newPassword.length < 10) {
        return {
          status: 400,
          body: failure('PASSWORD_TOO_SHORT', 'The new password is too short: use at least 10 characters.'),
        };
      }
      changedPasswords.set(user.username, newPassword);
      return { body: success(userObject(user, call.headers.get(HEADER.sessionToken) ?? '')) };
    },
    'GET auth/me': (call) => {
      const user = sessionOf(call);
      if (isAnswer(user)) return user;
      return { body: success(userObject(user, call.headers.get(HEADER.sessionToken) ?? '')) };
    },
    'GET members/merchant-partner/associated-members': (call) => {
      const user = sessionOf(call);
      if (isAnswer(user)) return user;
      const brokerId = Number(call.query.get('brokerId'));
      const broker = users.find((u) => u.id === brokerId);
      if (!broker) return { status: 400, body: failure('VALIDATION_FAILED', 'brokerId is not valid.') };
      return { body: success({ MemberDetailsList: members[broker.username] ?? [] }) };
    },
  };

  function json(status: number, body: unknown): Response {
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }

  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : String(input), 'http://localhost');
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers ?? request?.headers);
    const rawBody = init?.body ?? undefined;
    const path = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname.replace(/^\//, '');
    const call: RecordedCall = {
      method,
      path,
      query: url.searchParams,
      headers,
      body: typeof rawBody === 'string' && rawBody ? JSON.parse(rawBody) : rawBody,
    };
    calls.push(call);
    inFlight++;
    try {
      return await answerCall(call, method, headers, path);
    } finally {
      inFlight--;
      if (inFlight === 0) for (const wake of [...idleWaiters]) wake();
    }
  }) as typeof globalThis.fetch;

  async function answerCall(call: RecordedCall, method: string, headers: Headers, path: string): Promise<Response> {
    const holdIndex = holds.findIndex((h) => h.path === path);
    if (holdIndex >= 0) {
      const [hold] = holds.splice(holdIndex, 1);
      hold?.reached();
      await hold?.gate;
    }

    const hadCookie = cookies.has(XSRF_COOKIE);
    const answer = await (async (): Promise<FakeAnswer> => {
      if (method !== 'GET' && method !== 'HEAD') {
        const header = headers.get(HEADER.xsrf);
        if (!hadCookie || header !== cookies.get(XSRF_COOKIE)) {
          return {
            status: 403,
            body: failure('XSRF_MISMATCH', 'This request could not be verified. Reload the page and try again.'),
          };
        }
      }
      if (expireNext && path !== 'health' && (!expireNext.path || expireNext.path === path)) {
        const { message } = expireNext;
        expireNext = null;
        return { status: 401, body: failure('SESSION_EXPIRED', message, { sessionExpired: true }) };
      }
      const onceIndex = once.findIndex((o) => o.path === path);
      if (onceIndex >= 0) {
        const [next] = once.splice(onceIndex, 1);
        if (next) return next.answer();
      }
      const handler = handlers.get(`${method} ${path}`) ?? builtIn[`${method} ${path}`];
      if (!handler) return { status: 404, body: failure('NOT_FOUND', 'Nothing was found at this address.') };
      return handler(call, api);
    })();
    if (!hadCookie) issueXsrf();
    if (answer.stream) {
      return new Response(answer.stream, {
        status: answer.status ?? 200,
        headers: { 'content-type': 'text/event-stream' },
      });
    }
    return json(answer.status ?? 200, answer.body);
  }

  const api = {
    fetch,
    /** Every request the app made, oldest first. */
    calls,
    callsTo: (path: string, method?: string) =>
      calls.filter((c) => c.path === path && (!method || c.method === method.toUpperCase())),
    readCookie: (name: string) => cookies.get(name),
    cookies,
    users,
    userNamed: (username: string) => {
      const user = users.find((u) => u.username === username);
      if (!user) throw new Error(`No fake user ${username}`);
      return user;
    },
    /** Builds the user object the API would return, with a live session (for seeding storage). */
    signIn(username: string): CurrentUser {
      const user = api.userNamed(username);
      const token = `token-${++tokenSeq}-${user.username}`;
      sessions.set(token, { user, revoked: false });
      return userObject(user, token);
    },
    /** The next API call (optionally: to `path`) answers 401 with sessionExpired and this message. */
    expireNextCall(message = SESSION_EXPIRED_MESSAGE, path?: string) {
      expireNext = { message, path };
    },
    /** Revokes every session, as the server does on logout or timeout. */
    revokeSessions() {
      for (const s of sessions.values()) s.revoked = true;
    },
    isLive: (token: string) => sessions.get(token)?.revoked === false,
    /**
     * Holds the next call to `path` until `release()`: the request is in flight meanwhile.
     * `reached` resolves once the request has been made.
     */
    hold(path: string) {
      let release!: () => void;
      let reached!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const reachedPromise = new Promise<void>((r) => {
        reached = r;
      });
      holds.push({ path, gate, reached });
      return { release, reached: reachedPromise };
    },
    /** Requests made and not answered yet (held ones included). */
    get inFlight() {
      return inFlight;
    },
    /** Resolves once no request is in flight. */
    idle(): Promise<void> {
      if (inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const wake = () => {
          idleWaiters.delete(wake);
          resolve();
        };
        idleWaiters.add(wake);
      });
    },
    /** The next call to `path` gets this answer (or throws what it throws); later calls, the usual one. */
    answerNext(path: string, answer: () => FakeAnswer) {
      once.push({ path, answer });
    },
    /** Adds or replaces the answer to `METHOD path`. */
    on(method: string, path: string, handler: FakeHandler) {
      handlers.set(`${method.toUpperCase()} ${path}`, handler);
    },
  };
  return api;
}
