import {
  assign,
  type CallbackActorLogic,
  type EventObject,
  fromCallback,
  type SnapshotFrom,
  sendTo,
  setup,
} from 'xstate';
import { type HeldItem, type PresenceKind, presenceKey } from '../../contract/presence';

/**
 * How many requests wait for the signed-in user's decision (docs/decisions/018-one-approvals-inbox.md),
 * for the menu's badge and the home card. The shell sends `inbox.watch` when the user's menu has
 * the inbox and `inbox.stop` when it no longer has; while watching, the `watchCount` actor
 * (supplied at assembly: the server's event stream, or polling where a stream cannot be read)
 * reports each count and the version of what the inbox lists (an open list follows the version).
 * When the count grows, `announceGrowth` tells the user. The same stream says who else has open
 * a KYC case or a request the user may see (`inbox.presence`, decision 050).
 */
export type InboxCountEvent =
  | { type: 'inbox.watch' }
  | { type: 'inbox.stop' }
  /** `version` changes whenever what the inbox lists changes (absent from an older server). */
  | { type: 'inbox.count'; count: number; version?: string }
  /** Who else has open the items the user may see; an item nobody else holds is not listed. */
  | { type: 'inbox.presence'; held: HeldItem[] }
  /** A decision was taken here: ask the server now rather than at its next check. */
  | { type: 'inbox.refresh' };

interface Context {
  /** null until the first answer. */
  count: number | null;
  /** What the inbox lists, as a version: an open list loads again when it changes. */
  version: string | null;
  /** Names of the others who hold an item, by presenceKey. */
  held: Record<string, string[]>;
}

/** The effect's events back to the machine; it receives `inbox.refresh`. */
export type WatchCountLogic = CallbackActorLogic<EventObject>;

const notProvidedWatch: WatchCountLogic = fromCallback(() => {
  throw new Error('watchCount not provided');
});

export const inboxCountMachine = setup({
  types: { context: {} as Context, events: {} as InboxCountEvent },
  actors: { watchCount: notProvidedWatch },
  actions: {
    announceGrowth: (_, _params: { added: number }) => {},
    /** Named, so a model of the machine without its actor (the path graphs) can leave it out. */
    askAgain: sendTo('watch', { type: 'inbox.refresh' }),
    keepHeld: assign(({ event }) =>
      event.type === 'inbox.presence'
        ? { held: Object.fromEntries(event.held.map((h) => [presenceKey(h.kind, h.id), h.by])) }
        : {},
    ),
    keepAnswer: assign(({ context, event }) =>
      event.type === 'inbox.count' ? { count: event.count, version: event.version ?? context.version } : {},
    ),
  },
  guards: {
    isGrowth: ({ context, event }) =>
      event.type === 'inbox.count' && context.count !== null && event.count > context.count,
  },
}).createMachine({
  id: 'inboxCount',
  context: { count: null, version: null, held: {} },
  initial: 'off',
  states: {
    off: {
      entry: assign({ count: null, version: null, held: {} }),
      on: { 'inbox.watch': 'watching' },
    },
    watching: {
      invoke: { id: 'watch', src: 'watchCount' },
      on: {
        'inbox.stop': 'off',
        'inbox.count': [
          {
            guard: 'isGrowth',
            actions: [
              {
                type: 'announceGrowth',
                params: ({ context, event }) => ({ added: event.count - (context.count ?? 0) }),
              },
              'keepAnswer',
            ],
          },
          { actions: 'keepAnswer' },
        ],
        'inbox.presence': { actions: 'keepHeld' },
        'inbox.refresh': { actions: 'askAgain' },
      },
    },
  },
});

export type InboxCountSnapshot = SnapshotFrom<typeof inboxCountMachine>;
export const selectInboxCount = (s: InboxCountSnapshot) => s.context.count;
export const selectInboxVersion = (s: InboxCountSnapshot) => s.context.version;

const NOBODY: string[] = [];
/** Who else has this item open (empty when nobody does, or the stream has not said yet). */
export const heldByIn = (held: Context['held'], kind: PresenceKind, id: string) =>
  held[presenceKey(kind, id)] ?? NOBODY;
export const selectHeld = (s: InboxCountSnapshot) => s.context.held;
export const selectHeldBy = (kind: PresenceKind, id: string) => (s: InboxCountSnapshot) =>
  heldByIn(s.context.held, kind, id);
