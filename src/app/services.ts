import { HEADER, channelForUsername } from '../../contract/http';
import { createActor, fromPromise } from 'xstate';
import { type ApiClient, createApiClient } from '../api/client';
import type { CurrentUser, MemberDetails } from '../api/types';
import { createI18n } from '../i18n';
import { associatedMembersMachine } from '../machines/associated-members';
import { matchMediaViewport } from '../machines/menu';
import { type SessionEvent, sessionMachine } from '../machines/session';
import { createNotificationCenter, type Timers } from '../notifications/center';
import { createSessionStorage, type KeyValueStore } from '../session/storage';
import { type AppConfig, readAppConfig } from './config';

export interface AppServicesOptions {
  config?: AppConfig;
  store?: KeyValueStore;
  fetch?: typeof globalThis.fetch;
  timers?: Timers;
  readCookie?: (name: string) => string | undefined;
  /** Navigation is the router's; the session only asks for it. */
  navigateToLogin: () => void;
  /** Lets guarded routes re-run after the session changes. */
  onSessionChange?: () => void;
  matchMedia?: (query: string) => MediaQueryList;
}

/** Every long-lived actor and effect of the app, created once at start-up, never at import time. */
export function createAppServices(options: AppServicesOptions) {
  const config = options.config ?? readAppConfig();
  const sessionStore = createSessionStorage(options.store ?? window.localStorage);
  const notifications = createNotificationCenter(options.timers);
  let expire: (message: string) => void = () => {};

  const api: ApiClient = createApiClient({
    baseURL: config.apiBase,
    fetch: options.fetch,
    readCookie: options.readCookie,
    session: () => {
      const user = session.getSnapshot().context.user;
      return { token: user?.sessionId ?? '', username: user?.profile.username };
    },
    onSessionExpired: (message) => expire(message),
  });

  const session = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => sessionStore.readUser()),
        // No profile yet: the channel of a sign-in follows the username being submitted.
        loginRequest: fromPromise(({ input }) =>
          api.post<CurrentUser>('auth/login', input, {
            headers: { [HEADER.channel]: channelForUsername(input.username) },
          }),
        ),
      },
      actions: {
        persistUser: (_, { user }) => sessionStore.writeUser(user),
        clearStoredSession: () => sessionStore.clear(),
        revokeOnServer: (_, { user }) => {
          // The context is cleared before the request leaves, so it carries the ending token itself.
          if (!user) return;
          const headers = {
            [HEADER.sessionToken]: user.sessionId,
            [HEADER.channel]: channelForUsername(user.profile.username),
          };
          void api.post('auth/logout', undefined, { headers }).catch(() => undefined);
        },
        navigateToLogin: () => options.navigateToLogin(),
        showExpiredMessage: (_, { message }) => notifications.snackbar(message),
        sessionChanged: () => options.onSessionChange?.(),
      },
    }),
  );
  const members = createActor(
    associatedMembersMachine.provide({
      actors: {
        fetchMembers: fromPromise(async ({ input }) => {
          const payload = await api.get<{ MemberDetailsList: MemberDetails[] }>(
            'members/merchant-partner/associated-members',
            { query: { brokerId: input.brokerId } },
          );
          return payload.MemberDetailsList ?? [];
        }),
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
  const matchMedia = options.matchMedia ?? ((query: string) => window.matchMedia(query));
  const menuViewport = matchMediaViewport(matchMedia);

  expire = (message) => session.send({ type: 'session.expired', message } satisfies SessionEvent);
  session.start();

  return { config, api, session, members, notifications, sessionStore, i18n, matchMedia, menuViewport };
}

export type AppServices = ReturnType<typeof createAppServices>;
