import { type Actor, createActor, fromPromise } from 'xstate';
import type { announcePresence, withdrawPresence } from '../../contract/api/presence';
import type { GroupIdTable } from '../../contract/groups';
import type { ApiClient } from '../api/client';
import type { Translator } from '../i18n/translator';
import { associatedMembersMachine } from '../machines/associated-members';
import { inboxCountMachine } from '../machines/inbox-count';
import { matchMediaViewport } from '../machines/menu';
import { presenceMachine } from '../machines/presence';
import type { SessionEvent, sessionMachine } from '../machines/session';
import { createFormDraftStore, type DraftStorage, watchSessionForDrafts } from '../session/form-drafts';
import { type IdleClock, idleMachine, systemIdleClock, tickerOn } from '../session/idle-machine';
import { signedInSessionApi } from '../session/signed-in-api';
import { writeMembers } from '../session/members-storage';
import type { createSessionStorage, KeyValueStore } from '../session/storage';
import type { createNotificationCenter } from '../ui/notifications/center';
import { activityOf, type RequestWatcher } from './activity';
import { readGroupIds } from './group-ids';
import { inboxCountWatcher } from './inbox-watch';

/** What the signed-in services use of the ones /login has (services.ts). */
export interface SignedInDependencies {
  api: ApiClient;
  session: Actor<typeof sessionMachine>;
  /** The local storage the session keeps its keys in; `sessionStore` is the session's view of it. */
  store: KeyValueStore;
  sessionStore: ReturnType<typeof createSessionStorage>;
  notifications: ReturnType<typeof createNotificationCenter>;
  i18n: Translator;
  matchMedia: (query: string) => MediaQueryList;
  apiBase: string;
  /** Hands over what to do on each request the API client sends. */
  watchRequests: (watch: RequestWatcher) => void;
}

export interface SignedInServicesOptions {
  /** The group-id table the menus read the user's group with (default: the deployment's). */
  groupIds?: GroupIdTable;
  /** Time for the idle countdown (tests move it by hand). */
  idleClock?: IdleClock;
  /** Where unsaved forms are kept (default: the tab's sessionStorage). */
  draftStorage?: DraftStorage;
  /** Where the page says it goes away (default: window's pagehide); presence says goodbye then. */
  onPageHide?: (leave: () => void) => void;
}

/**
 * The long-lived actors only a signed-in user needs (decision 060): the associated members, the
 * idle countdown, the inbox count and its stream, presence, the form drafts and the menu's
 * viewport, and the group-id table the menus read. Created once, at the first sign-in of the page (restored or typed), and kept for the
 * page's life: each follows the session from then on, as it did when created at start-up.
 */
export function createSignedInServices(app: SignedInDependencies, options: SignedInServicesOptions = {}) {
  const { api, session, sessionStore, notifications, i18n } = app;
  const calls = signedInSessionApi(api);
  const idleClock = options.idleClock ?? systemIdleClock;
  const signedIn = () => session.getSnapshot().hasTag('signedIn');

  const members = createActor(
    associatedMembersMachine.provide({
      actors: {
        fetchMembers: fromPromise(({ input }) => calls.associatedMembers(input.brokerId)),
      },
      actions: { storeMembers: (_, { members: list }) => writeMembers(app.store, list) },
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
          session.send({
            type: 'session.expired',
            message: i18n.t('idle.expired', { minutes }),
          } satisfies SessionEvent);
        },
      },
    }),
    { clock: idleClock },
  );
  idle.start();
  app.watchRequests(
    activityOf(app.apiBase, () => {
      if (!idle.getSnapshot().matches('off')) idle.send({ type: 'idle.activity', at: idleClock.now() });
    }),
  );
  // Created once signed in: the countdown starts from the session as it is now, then follows it.
  const followPolicy = (snapshot: ReturnType<typeof session.getSnapshot>) => {
    const policy = snapshot.hasTag('signedIn') ? snapshot.context.user?.sessionPolicy : undefined;
    const running = !idle.getSnapshot().matches('off');
    if (policy && !running) {
      idle.send({ type: 'idle.start', idleMs: policy.idleSeconds * 1000, at: idleClock.now() });
    } else if (!policy && running) {
      idle.send({ type: 'idle.stop' });
    }
  };
  followPolicy(session.getSnapshot());
  session.subscribe(followPolicy);

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

  // Which case or request this tab has open, for the others who may open it (decision 050).
  const presence = createActor(
    presenceMachine.provide({
      actions: {
        announce: (_, params) => {
          if (!signedIn()) return;
          void api.call<typeof announcePresence>('PUT /presence/{kind}/{id}', { params }).catch(() => undefined);
        },
        // keepalive: on pagehide the request must outlive the page it leaves.
        withdraw: (_, params) => {
          if (!signedIn()) return;
          void api
            .call<typeof withdrawPresence>('DELETE /presence/{kind}/{id}', { params, keepalive: true })
            .catch(() => undefined);
        },
      },
    }),
  );
  presence.start();
  session.subscribe((snapshot) => {
    if (!snapshot.hasTag('signedIn')) presence.send({ type: 'presence.leave' });
  });
  (options.onPageHide ?? ((leave) => window.addEventListener('pagehide', leave)))(() =>
    presence.send({ type: 'presence.leave' }),
  );

  // Unsaved forms outlive an expired session, not a deliberate Logout (form-drafts.ts).
  const drafts = createFormDraftStore(options.draftStorage ?? window.sessionStorage);
  watchSessionForDrafts(session, drafts);

  return {
    members,
    idle,
    inbox,
    presence,
    drafts,
    menuViewport: matchMediaViewport(app.matchMedia),
    groupIds: options.groupIds ?? readGroupIds(),
  };
}

export type SignedInServices = ReturnType<typeof createSignedInServices>;
