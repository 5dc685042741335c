import { HEADER } from '../../contract/http';
import { createActor, fromPromise } from 'xstate';
import { type ApiClient, createApiClient } from '../api/client';
import { createI18n } from '../i18n';
import { associatedMembersMachine } from '../machines/associated-members';
import { inboxCountMachine } from '../machines/inbox-count';
import { matchMediaViewport } from '../machines/menu';
import { type SessionEvent, sessionMachine } from '../machines/session';
import { createNotificationCenter, type Timers } from '../ui/notifications/center';
import { createFormDraftStore, type DraftStorage, watchSessionForDrafts } from '../session/form-drafts';
import { type IdleClock, idleMachine, systemIdleClock, tickerOn } from '../session/idle-machine';
import { sessionApi } from '../session/session-api';
import { createSessionStorage, type KeyValueStore } from '../session/storage';
import { type AppConfig, readAppConfig } from './config';
import { inboxCountWatcher } from './inbox-watch';

export interface AppServicesOptions {
  config?: AppConfig;
  store?: KeyValueStore;
  fetch?: typeof globalThis.fetch;
  timers?: Timers;
  readCookie?: (name: string) => string | undefined;
  /** Navigation is the router's; the session only asks for it (and whether to come back after). */
  navigateToLogin: (options: { returnHere: boolean }) => void;
  /** Lets guarded routes re-run after the session changes. */
  onSessionChange?: () => void;
  matchMedia?: (query: string) => MediaQueryList;
  /** Time for the idle countdown (tests move it by hand). */
  idleClock?: IdleClock;
  /** Where unsaved forms are kept (default: the tab's sessionStorage). */
  draftStorage?: DraftStorage;
  /**
   * Fetches, while the signed-in shell is idle, the code and strings every page behind the menu
   * shares, so a session's first page click fetches its own chunk only (decision 028). The
   * shell calls it once it shows; assembleApp supplies it, tests may swap it.
   */
  prefetchPages?: () => void;
}

/** Requests that do not restart the server's idle timer (no session, or reads every tab makes on its own). */
const NOT_ACTIVITY = new Set([
  'GET inbox/count',
  'GET inbox/stream',
  'GET health',
  'POST auth/login',
  'POST auth/login/two-factor',
  'POST auth/logout',
  'GET auth/session',
]);

/**
 * The fetch the API client uses, reporting each request the server will count as activity:
 * any other request that carries the session token.
 */
function reportingActivity(fetch: typeof globalThis.fetch, apiBase: string, onActivity: () => void) {
  const basePath = new URL(apiBase, 'http://localhost').pathname;
  return ((input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined;
    const headers = new Headers(init?.headers ?? request?.headers);
    if (headers.get(HEADER.sessionToken)) {
      const { pathname } = new URL(request ? request.url : String(input), 'http://localhost');
      const path = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname.replace(/^\//, '');
      const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
      if (!NOT_ACTIVITY.has(`${method} ${path}`)) onActivity();
    }
    return fetch(input, init);
  }) as typeof globalThis.fetch;
}

/** Every long-lived actor and effect of the app, created once at start-up, never at import time. */
export function createAppServices(options: AppServicesOptions) {
  const config = options.config ?? readAppConfig();
  const sessionStore = createSessionStorage(options.store ?? window.localStorage);
  const notifications = createNotificationCenter(options.timers);
  const idleClock = options.idleClock ?? systemIdleClock;
  let expire: (message: string) => void = () => {};
  let reportActivity: () => void = () => {};

  const api: ApiClient = createApiClient({
    baseURL: config.apiBase,
    fetch: reportingActivity(options.fetch ?? ((input, init) => globalThis.fetch(input, init)), config.apiBase, () =>
      reportActivity(),
    ),
    readCookie: options.readCookie,
    session: () => {
      const user = session.getSnapshot().context.user;
      return { token: user?.sessionId ?? '', username: user?.profile.username };
    },
    onSessionExpired: (message) => expire(message),
  });
  const calls = sessionApi(api);

  const session = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => sessionStore.readUser()),
        loginRequest: fromPromise(({ input }) => calls.login(input)),
        verifyTwoFactor: fromPromise(({ input }) => calls.answerChallenge(input)),
      },
      actions: {
        persistUser: (_, { user }) => sessionStore.writeUser(user),
        clearStoredSession: () => sessionStore.clear(),
        revokeOnServer: (_, { user }) => {
          if (!user) return;
          void calls.logout({ sessionId: user.sessionId, username: user.profile.username }).catch(() => undefined);
        },
        navigateToLogin: (_, params) => options.navigateToLogin(params),
        showExpiredMessage: (_, { message }) => notifications.snackbar(message),
        sessionChanged: () => options.onSessionChange?.(),
      },
    }),
  );
  const members = createActor(
    associatedMembersMachine.provide({
      actors: {
        fetchMembers: fromPromise(({ input }) => calls.associatedMembers(input.brokerId)),
      },
      actions: { storeMembers: (_, { members: list }) => sessionStore.writeMembers(list) },
      guards: {
        // Both the live session and the stored one: logout clears storage first, and nothing may
        // write a member list into it afterwards, whatever order the actors process events in.
        isCurrentBroker: (_, { brokerId }) => {
          const snapshot = session.getSnapshot();
          return (
            snapshot.hasTag('signedIn') &&
            snapshot.context.user?.profile.id === brokerId &&
            sessionStore.readUser()?.profile.id === brokerId
          );
        },
      },
    }),
  );
  members.start();
  session.subscribe((snapshot) => {
    if (!snapshot.hasTag('signedIn') && !members.getSnapshot().matches('idle')) {
      members.send({ type: 'members.reset' });
    }
  });

  const store = options.store ?? window.localStorage;
  const i18n = createI18n(store);

  // The idle countdown follows the server's timer from the requests it counts (idle-machine.ts).
  const idle = createActor(
    idleMachine.provide({
      actors: {
        ticker: tickerOn(idleClock),
        checkSession: fromPromise(async () => {
          const at = idleClock.now();
          const { idleRemainingMs } = await calls.status();
          return { at, idleRemainingMs };
        }),
        keepAlive: fromPromise(async () => {
          const at = idleClock.now();
          const { idleRemainingMs } = await calls.keepAlive();
          return { at, idleRemainingMs };
        }),
      },
      actions: {
        signOut: () => session.send({ type: 'session.logout' }),
        expire: () => {
          const minutes = Math.round(idle.getSnapshot().context.idleMs / 60_000);
          expire(i18n.t('idle.expired', { minutes }));
        },
      },
    }),
    { clock: idleClock },
  );
  idle.start();
  reportActivity = () => {
    if (!idle.getSnapshot().matches('off')) idle.send({ type: 'idle.activity', at: idleClock.now() });
  };
  session.subscribe((snapshot) => {
    const policy = snapshot.hasTag('signedIn') ? snapshot.context.user?.sessionPolicy : undefined;
    const running = !idle.getSnapshot().matches('off');
    if (policy && !running) {
      idle.send({ type: 'idle.start', idleMs: policy.idleSeconds * 1000, at: idleClock.now() });
    } else if (!policy && running) {
      idle.send({ type: 'idle.stop' });
    }
  });

  // What waits for this user's decision, for the menu badge and the home card; the shell starts it.
  const inbox = createActor(
    inboxCountMachine.provide({
      actors: { watchCount: inboxCountWatcher(api) },
      actions: { announceGrowth: (_, { added }) => notifications.notify(i18n.t('inbox.added', { count: added })) },
    }),
  );
  inbox.start();
  session.subscribe((snapshot) => {
    if (!snapshot.hasTag('signedIn')) inbox.send({ type: 'inbox.stop' });
  });

  // Unsaved forms outlive an expired session, not a deliberate Logout (form-drafts.ts).
  const drafts = createFormDraftStore(options.draftStorage ?? window.sessionStorage);
  watchSessionForDrafts(session, drafts);
  const matchMedia = options.matchMedia ?? ((query: string) => window.matchMedia(query));
  const menuViewport = matchMediaViewport(matchMedia);

  expire = (message) => session.send({ type: 'session.expired', message } satisfies SessionEvent);
  session.start();

  return {
    config,
    api,
    session,
    members,
    idle,
    inbox,
    drafts,
    notifications,
    sessionStore,
    i18n,
    matchMedia,
    menuViewport,
    prefetchPages: options.prefetchPages ?? (() => undefined),
  };
}

export type AppServices = ReturnType<typeof createAppServices>;
