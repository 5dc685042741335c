import { createActor, fromPromise } from 'xstate';
import { type ApiClient, createApiClient } from '../api/client';
import { createI18n } from '../i18n';
import { type SessionEvent, sessionMachine } from '../machines/session';
import { createNotificationCenter, type Timers } from '../ui/notifications/center';
import { sessionApi } from '../session/session-api';
import { createSessionStorage, type KeyValueStore } from '../session/storage';
import { type AppConfig, readAppConfig } from './config';
import type { RequestWatcher } from './activity';
import type { SignedInServicesOptions } from './signed-in-services';

export interface AppServicesOptions extends SignedInServicesOptions {
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
  /**
   * Fetches, while the signed-in shell is idle, the code and strings every page behind the menu
   * shares, so a session's first page click fetches its own chunk only (decision 028). The
   * shell calls it once it shows; assembleApp supplies it, tests may swap it.
   */
  prefetchPages?: () => void;
}

/**
 * The first call creates, later ones share; a failed load (the chunk did not arrive) is tried
 * again by the next call.
 */
function loadOnce<T>(load: () => Promise<T>) {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  return {
    load: (): Promise<T> =>
      (loading ??= load().then(
        (value) => (loaded = value),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    /** What the first load created, once it has. */
    current: (): T | undefined => loaded,
  };
}

/**
 * Every long-lived actor and effect of the app, created once, never at import time: what /login
 * needs at start-up, and `signedIn`, the services only a signed-in user needs, whose code loads
 * with the signed-in shell (decision 060).
 */
export function createAppServices(options: AppServicesOptions) {
  const config = options.config ?? readAppConfig();
  const store = options.store ?? window.localStorage;
  const sessionStore = createSessionStorage(store);
  const notifications = createNotificationCenter(options.timers);
  let expire: (message: string) => void = () => {};
  // Set by the signed-in services: the idle countdown counts the requests the server counts.
  let watchRequest: RequestWatcher = () => {};
  const fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const api: ApiClient = createApiClient({
    baseURL: config.apiBase,
    fetch: (input, init) => {
      watchRequest(input, init);
      return fetch(input, init);
    },
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
  const i18n = createI18n(store);
  const matchMedia = options.matchMedia ?? ((query: string) => window.matchMedia(query));

  const signedIn = loadOnce(() =>
    import('./signed-in-services').then(({ createSignedInServices }) =>
      createSignedInServices(
        {
          api,
          session,
          store,
          sessionStore,
          notifications,
          i18n,
          matchMedia,
          apiBase: config.apiBase,
          watchRequests: (watch) => {
            watchRequest = watch;
          },
        },
        options,
      ),
    ),
  );

  expire = (message) => session.send({ type: 'session.expired', message } satisfies SessionEvent);
  session.start();

  return {
    config,
    api,
    session,
    notifications,
    sessionStore,
    i18n,
    matchMedia,
    signedIn,
    prefetchPages: options.prefetchPages ?? (() => undefined),
  };
}

export type AppServices = ReturnType<typeof createAppServices>;
