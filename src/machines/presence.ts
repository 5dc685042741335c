import { assign, setup } from 'xstate';
import { PRESENCE_REFRESH_MS, type PresenceKind } from '../../contract/presence';

/**
 * Which item this tab has open, said to the server (docs/decisions/050-who-has-this-open.md):
 * `announce` when it opens and again every PRESENCE_REFRESH_MS while it stays open, `withdraw`
 * when it closes, another item opens, or the page goes away (`presence.leave`, on pagehide).
 * A tab that dies says nothing more, and the server forgets it by itself. One item at a time:
 * a tab shows one case or one decision dialog, and a page's hold ends (React runs the old page's
 * clean-up) before the next page's begins: an open while holding never happens and has no
 * transition. A close names its item, and one for another item than the one held changes nothing.
 */
export interface PresenceItem {
  kind: PresenceKind;
  id: string;
}

export type PresenceEvent =
  | ({ type: 'presence.open' } & PresenceItem)
  | ({ type: 'presence.close' } & PresenceItem)
  | { type: 'presence.leave' };

const same = (a: PresenceItem | null, b: PresenceItem) => a !== null && a.kind === b.kind && a.id === b.id;

export const presenceMachine = setup({
  types: { context: {} as { item: PresenceItem | null }, events: {} as PresenceEvent },
  actions: {
    announce: (_, _item: PresenceItem) => {},
    withdraw: (_, _item: PresenceItem) => {},
  },
  delays: { refresh: PRESENCE_REFRESH_MS },
  guards: {
    isHeldItem: ({ context, event }) => event.type !== 'presence.leave' && same(context.item, event),
  },
}).createMachine({
  id: 'presence',
  context: { item: null },
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ item: null }),
      on: {
        'presence.open': {
          target: 'holding',
          actions: assign({ item: ({ event }) => ({ kind: event.kind, id: event.id }) }),
        },
      },
    },
    holding: {
      exit: { type: 'withdraw', params: ({ context }) => context.item as PresenceItem },
      initial: 'saying',
      states: {
        saying: {
          entry: { type: 'announce', params: ({ context }) => context.item as PresenceItem },
          after: { refresh: { target: 'saying', reenter: true } },
        },
      },
      on: {
        'presence.close': { guard: 'isHeldItem', target: 'idle' },
        'presence.leave': 'idle',
      },
    },
  },
});
