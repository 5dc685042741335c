import { assign, setup } from 'xstate';
import type { SearchResult } from '../../contract/details';
import { notProvided } from './not-provided';

/**
 * The command palette: closed until asked (palette.open); open, it keeps what is typed and which
 * option is active, and, for users whose reports list accounts or transactions, asks the API for
 * people and transactions once the typing pauses on two characters or more. Choosing an option
 * closes it and opens the page (openPath, provided by the shell); the pages of the menu are
 * matched by the view from the text, not here: they need no waiting.
 */
const MIN_LENGTH = 2;

export type PaletteEvent =
  | { type: 'palette.open' }
  | { type: 'palette.close' }
  | { type: 'palette.type'; text: string }
  /** Arrow keys: `count` is how many options are listed now; the active one wraps around. */
  | { type: 'palette.move'; by: 1 | -1; count: number }
  | { type: 'palette.choose'; path: string };

interface PaletteContext {
  searchesPeople: boolean;
  text: string;
  active: number;
  people: SearchResult | null;
  failed: boolean;
}

const cleared = { text: '', active: 0, people: null, failed: false };

export const paletteMachine = setup({
  types: {
    context: {} as PaletteContext,
    events: {} as PaletteEvent,
    input: {} as { searchesPeople: boolean },
  },
  actors: { search: notProvided<SearchResult, { text: string }>('search') },
  actions: { openPath: (_, _params: { path: string }) => undefined },
  guards: {
    asksPeople: ({ context, event }) =>
      context.searchesPeople && event.type === 'palette.type' && event.text.trim().length >= MIN_LENGTH,
  },
  delays: { pause: 300 },
}).createMachine({
  id: 'palette',
  context: ({ input }) => ({ searchesPeople: input.searchesPeople, ...cleared }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'palette.open': { target: 'open', actions: assign(cleared) } },
    },
    open: {
      tags: ['open'],
      initial: 'idle',
      on: {
        'palette.close': 'closed',
        'palette.choose': {
          target: 'closed',
          actions: { type: 'openPath', params: ({ event }) => ({ path: event.path }) },
        },
        'palette.move': {
          guard: ({ event }) => event.count > 0,
          actions: assign({
            active: ({ context, event }) => (((context.active + event.by) % event.count) + event.count) % event.count,
          }),
        },
        'palette.type': [
          {
            guard: 'asksPeople',
            target: '.waiting',
            actions: assign({ text: ({ event }) => event.text, active: 0 }),
          },
          {
            target: '.idle',
            actions: assign({ text: ({ event }) => event.text, active: 0, people: null, failed: false }),
          },
        ],
      },
      states: {
        idle: {},
        waiting: { after: { pause: 'searching' } },
        searching: {
          tags: ['busy'],
          invoke: {
            src: 'search',
            input: ({ context }) => ({ text: context.text.trim() }),
            onDone: { target: 'shown', actions: assign({ people: ({ event }) => event.output, failed: false }) },
            onError: { target: 'shown', actions: assign({ people: null, failed: true }) },
          },
        },
        shown: {},
      },
    },
  },
});

type Snapshot = { hasTag: (tag: string) => boolean; context: PaletteContext };
export const selectPaletteOpen = (s: Snapshot) => s.hasTag('open');
export const selectPaletteBusy = (s: Snapshot) => s.hasTag('busy');
export const selectPaletteText = (s: Snapshot) => s.context.text;
export const selectPaletteActive = (s: Snapshot) => s.context.active;
export const selectPalettePeople = (s: Snapshot) => s.context.people;
export const selectPaletteFailed = (s: Snapshot) => s.context.failed;
