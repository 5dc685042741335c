/**
 * Graphs of the shell's own machines around the pages: the header's search box, the command
 * palette, the approvals inbox's count and who has an item open. The search's answers are what
 * the step table gives the held request; what is typed is told apart by its length only.
 */
import type { SearchResult } from '../../../contract/details';
import { ApiRequestError } from '../../../src/api/client';
import { headerSearchMachine } from '../../../src/machines/header-search';
import { inboxCountMachine } from '../../../src/machines/inbox-count';
import { paletteMachine } from '../../../src/machines/palette';
import type { MachineGraph } from '../graph-adapter';

/** What the search finds: one person (listed with "See all results"), or nothing. */
export const SEARCH_ANSWERS = {
  'one person': {
    accounts: [{ number: 'CUS-000001', holder: 'Aminata Diallo', phone: '+221 77 123 45 67', kind: 'customer' }],
    transactions: [],
  },
  nothing: { accounts: [], transactions: [] },
} satisfies Record<string, SearchResult>;

/** What the user types: long enough to search, or one character. */
export const SEARCH_TYPED = { searchable: 'Aminata', 'too short': 'A' } as const;
/** What the user types in the palette: a name (searched), or one letter (pages only). */
export const PALETTE_TYPED = { 'a name': 'Aminata', 'one letter': 'A' } as const;

const searchFailure = new ApiRequestError('INTERNAL_ERROR', 500, 'INTERNAL_ERROR', false);

export const headerSearchGraph: MachineGraph<typeof headerSearchMachine> = {
  id: 'headerSearch',
  machine: headerSearchMachine,
  guardsBothWays: true,
  // A user with a transaction report: "See all results" is listed below the matches.
  input: { canSeeAll: true },
  filter: (snapshot, name, event) => {
    const matches = snapshot.matches('shown') ? (snapshot.context.result?.accounts.length ?? 0) : 0;
    // The arrows and a click reach the list only while it shows options (on an empty list the
    // arrows change nothing the user could see).
    if (name === 'search.next' || name === 'search.previous') return matches > 0;
    // A click picks a person (index 0) or "See all results" (listed after the one person).
    if (name === 'search.pick') return matches > 0 && event.index <= matches;
    // Enter with the list closed does nothing the machine sees.
    if (name === 'search.submit') return !snapshot.matches('idle');
    // Pruned to what the user tells apart: typing on during the pause only restarts it, one
    // character clears only what is shown, and Escape on a closed box closes nothing.
    if (name === 'search.type') {
      const short = event.text === SEARCH_TYPED['too short'];
      return short ? snapshot.matches('shown') : !snapshot.matches('debouncing');
    }
    if (name === 'search.close') return !snapshot.matches('idle');
    return true;
  },
  variants: () => ({
    'search.type': Object.entries(SEARCH_TYPED).map(([label, text]) => ({ label, text })),
    'search.pick': [
      { label: 'the person', index: 0 },
      { label: 'all results', index: 1 },
    ],
    'search.done': Object.entries(SEARCH_ANSWERS).map(([label, output]) => ({ label, output })),
    'search.error': [{ label: 'server error', error: searchFailure }],
    'search.submit': [{ label: 'Enter' }],
    'search.close': [{ label: 'Escape' }],
    'search.next': [{ label: 'Down' }],
    'search.previous': [{ label: 'Up' }],
  }),
};

/** What the palette's search finds for a name: a person and one of their payments, or nothing. */
export const PALETTE_ANSWERS = {
  'person and payment': {
    accounts: SEARCH_ANSWERS['one person'].accounts,
    transactions: [
      {
        reference: 'TX26111500115287',
        createdAt: '2026-11-15T10:00:00.000Z',
        amount: 25_000,
        status: 'success',
        from: 'Aminata Diallo',
        to: 'Fatou Sow',
      },
    ],
  },
  nothing: SEARCH_ANSWERS.nothing,
} satisfies Record<string, SearchResult>;

/** How many options a name lists: the person and the payment (no page is named so). */
const LISTED_FOR_A_NAME = 2;

export const paletteGraph: MachineGraph<typeof paletteMachine> = {
  id: 'palette',
  machine: paletteMachine,
  guardsBothWays: true,
  // An administrator: their reports list accounts and transactions, so a name is searched.
  input: { searchesPeople: true },
  filter: (snapshot, name, event) => {
    const listed = snapshot.matches({ open: 'shown' }) && (snapshot.context.people?.accounts.length ?? 0) > 0;
    if (name === 'palette.open') return snapshot.matches('closed');
    // The arrows with options listed (the person and the payment), or with nothing listed (just
    // opened: no recent page yet), where the machine refuses them.
    if (name === 'palette.move')
      return event.count > 0 ? listed : snapshot.matches({ open: 'idle' }) && !snapshot.context.text;
    if (name === 'palette.choose') return listed;
    // Pruned to what the user tells apart: one letter only clears what a name found, and a
    // name typed during the pause only restarts it; Escape while the pause runs is as in the field.
    if (name === 'palette.type') {
      const short = event.text === PALETTE_TYPED['one letter'];
      return short ? snapshot.matches({ open: 'shown' }) : !snapshot.matches({ open: 'waiting' });
    }
    if (name === 'palette.close') return !snapshot.matches({ open: 'waiting' });
    return true;
  },
  variants: () => ({
    'palette.open': [{ label: 'button' }],
    'palette.close': [{ label: 'Escape' }],
    'palette.type': Object.entries(PALETTE_TYPED).map(([label, text]) => ({ label, text })),
    'palette.move': [
      { label: 'Down', by: 1, count: LISTED_FOR_A_NAME },
      { label: 'Up', by: -1, count: LISTED_FOR_A_NAME },
      { label: 'nothing listed', by: 1, count: 0 },
    ],
    'palette.choose': [{ label: 'Enter', path: '/accounts/CUS-000001' }],
    'search.done': Object.entries(PALETTE_ANSWERS).map(([label, output]) => ({ label, output })),
    'search.error': [{ label: 'server error', error: searchFailure }],
  }),
};

/** The request waiting in the inbox, and who else has it open when the stream says so. */
export const INBOX_ITEM = { kind: 'change', id: '7' } as const;
export const OTHER_HOLDER = 'Moussa Diop';

export const inboxCountGraph: MachineGraph<typeof inboxCountMachine> = {
  id: 'inboxCount',
  machine: inboxCountMachine,
  guardsBothWays: true,
  // The graph has no watching actor to tell.
  provide: { actions: { askAgain: () => {} } },
  // The shell watches while someone with the inbox is signed in; the stream speaks only then.
  filter: (snapshot, name) => {
    if (name === 'inbox.watch') return snapshot.matches('off');
    // Pruned: who holds what, and a decision, are the same whatever the count says.
    if (name === 'inbox.presence' || name === 'inbox.refresh') return snapshot.context.count === null;
    // Signing out matters where a count was shown: it goes with the session.
    if (name === 'inbox.stop') return snapshot.context.count !== null;
    return snapshot.matches('watching');
  },
  // The count is what the badge shows, and what a new count is compared with.
  context: (context) => context.count,
  variants: () => ({
    'inbox.watch': [{ label: 'signed in' }],
    'inbox.stop': [{ label: 'signed out' }],
    'inbox.count': [
      { label: 'one waiting', count: 1, version: 'v1' },
      { label: 'two waiting', count: 2, version: 'v2' },
    ],
    'inbox.presence': [
      { label: 'held by another', held: [{ ...INBOX_ITEM, by: [OTHER_HOLDER] }] },
      { label: 'nobody', held: [] },
    ],
    'inbox.refresh': [{ label: 'a decision' }],
  }),
};
