import { assign, raise, setup } from 'xstate';
import type { SearchResult } from '../../contract/details';
import { notProvided } from './not-provided';

/**
 * The header's search box: typing waits for a pause (debouncing), then asks the API
 * (searching) and shows what matched (shown); a text shorter than two characters clears it.
 * The matches are a list the arrow keys move through (people first, then transactions, then
 * "See all results" when the user has a transaction report): Enter opens the highlighted one,
 * or the single match, or else all results (openMatch, openAll). The shell provides the search
 * actor, openMatch and openAll.
 */
const MIN_LENGTH = 2;

type SearchEvent =
  | { type: 'search.type'; text: string }
  | { type: 'search.submit' }
  | { type: 'search.close' }
  | { type: 'search.next' }
  | { type: 'search.previous' }
  /** A click on an option: it is highlighted and opened, as Enter would. */
  | { type: 'search.pick'; index: number };

interface SearchContext {
  text: string;
  result: SearchResult | null;
  failed: boolean;
  /** Enter was pressed before the answer came: a single match opens as soon as it does. */
  submitted: boolean;
  /** The highlighted option's index in searchOptions, or -1 while the text itself is. */
  active: number;
  /** The user has a transaction report to show every result in. */
  canSeeAll: boolean;
}

/** One entry of the drop-down, in the order the arrow keys visit them. */
export type SearchOption =
  | { kind: 'account'; account: SearchResult['accounts'][number]; path: string }
  | { kind: 'transaction'; transaction: SearchResult['transactions'][number]; path: string }
  | { kind: 'all' };

/** The drop-down's entries: people first, then transactions, then "See all results". */
function searchOptions(result: SearchResult | null, canSeeAll: boolean): SearchOption[] {
  if (!result) return [];
  const options: SearchOption[] = [
    ...result.accounts.map((account) => ({
      kind: 'account' as const,
      account,
      path: `/accounts/${encodeURIComponent(account.number)}`,
    })),
    ...result.transactions.map((transaction) => ({
      kind: 'transaction' as const,
      transaction,
      path: `/transactions/${encodeURIComponent(transaction.reference)}`,
    })),
  ];
  return canSeeAll && options.length > 0 ? [...options, { kind: 'all' }] : options;
}

/**
 * What "See all results" filters the transaction report by: the one account the text named
 * (a number or a phone), else the text itself, which may name several people.
 */
export type AllResultsFilter = { account: string } | { text: string };
function allResultsFilter(context: SearchContext): AllResultsFilter {
  const accounts = context.result?.accounts ?? [];
  const [only] = accounts;
  return only && accounts.length === 1 ? { account: only.number } : { text: context.text };
}

/** Up and Down wrap around through the text itself (-1), as a combobox does. */
function step(context: SearchContext, by: 1 | -1): number {
  const count = searchOptions(context.result, context.canSeeAll).length;
  if (count === 0) return -1;
  const next = context.active + by;
  return next >= count ? -1 : next < -1 ? count - 1 : next;
}

/** What Enter opens in the shown list: the highlighted option, the single match, or all results. */
function chosenOption(context: SearchContext): SearchOption | null {
  const options = searchOptions(context.result, context.canSeeAll);
  const highlighted = options[context.active];
  if (highlighted) return highlighted;
  const matches = options.filter((o) => o.kind !== 'all');
  if (matches.length === 1) return matches[0] ?? null;
  return options.find((o) => o.kind === 'all') ?? null;
}

/** The one page the result names, if it names exactly one. */
function singleMatch(result: SearchResult | null): string | null {
  const [only, ...more] = searchOptions(result, false);
  return only && only.kind !== 'all' && more.length === 0 ? only.path : null;
}

export const headerSearchMachine = setup({
  types: { context: {} as SearchContext, events: {} as SearchEvent, input: {} as { canSeeAll?: boolean } },
  actors: { search: notProvided<SearchResult, { text: string }>('search') },
  actions: {
    openMatch: (_, _params: { path: string }) => undefined,
    openAll: (_, _params: AllResultsFilter) => undefined,
  },
  guards: {
    isLongEnough: ({ event }) => event.type === 'search.type' && event.text.trim().length >= MIN_LENGTH,
    choosesAll: ({ context }) => chosenOption(context)?.kind === 'all',
    choosesOne: ({ context }) => {
      const option = chosenOption(context);
      return option !== null && option.kind !== 'all';
    },
    isSubmittedSingleMatch: ({ context, event }) =>
      context.submitted && singleMatch((event as { output?: SearchResult }).output ?? null) !== null,
  },
  delays: { pause: 300 },
}).createMachine({
  id: 'headerSearch',
  context: ({ input }) => ({
    text: '',
    result: null,
    failed: false,
    submitted: false,
    active: -1,
    canSeeAll: input?.canSeeAll ?? false,
  }),
  initial: 'idle',
  on: {
    'search.type': [
      {
        guard: 'isLongEnough',
        target: '.debouncing',
        actions: assign({ text: ({ event }) => event.text.trim(), submitted: false }),
      },
      { target: '.idle', actions: assign({ text: '', result: null, failed: false }) },
    ],
    'search.close': { target: '.idle', actions: assign({ result: null, failed: false }) },
  },
  states: {
    idle: {},
    debouncing: {
      after: { pause: 'searching' },
      on: { 'search.submit': { target: 'searching', actions: assign({ submitted: true }) } },
    },
    searching: {
      tags: ['open', 'busy'],
      on: { 'search.submit': { actions: assign({ submitted: true }) } },
      invoke: {
        src: 'search',
        input: ({ context }) => ({ text: context.text }),
        onDone: [
          {
            guard: 'isSubmittedSingleMatch',
            target: 'idle',
            actions: { type: 'openMatch', params: ({ event }) => ({ path: singleMatch(event.output) ?? '/' }) },
          },
          { target: 'shown', actions: assign({ result: ({ event }) => event.output, failed: false, active: -1 }) },
        ],
        onError: { target: 'shown', actions: assign({ result: null, failed: true }) },
      },
    },
    shown: {
      tags: ['open'],
      on: {
        'search.next': { actions: assign({ active: ({ context }) => step(context, 1) }) },
        'search.previous': { actions: assign({ active: ({ context }) => step(context, -1) }) },
        'search.pick': {
          actions: [assign({ active: ({ event }) => event.index }), raise({ type: 'search.submit' })],
        },
        'search.submit': [
          {
            guard: 'choosesAll',
            target: 'idle',
            actions: [
              { type: 'openAll', params: ({ context }) => allResultsFilter(context) },
              assign({ result: null }),
            ],
          },
          {
            guard: 'choosesOne',
            target: 'idle',
            actions: [
              {
                type: 'openMatch',
                params: ({ context }) => {
                  const option = chosenOption(context);
                  return { path: option && option.kind !== 'all' ? option.path : '/' };
                },
              },
              assign({ result: null }),
            ],
          },
        ],
      },
    },
  },
});

export const selectSearchOpen = (s: { hasTag: (tag: string) => boolean }) => s.hasTag('open');
export const selectSearchBusy = (s: { hasTag: (tag: string) => boolean }) => s.hasTag('busy');
export const selectSearchResult = (s: { context: SearchContext }) => s.context.result;
export const selectSearchFailed = (s: { context: SearchContext }) => s.context.failed;
export const selectSearchActive = (s: { context: SearchContext }) => s.context.active;
export const selectSearchOptions = (s: { context: SearchContext }) =>
  searchOptions(s.context.result, s.context.canSeeAll);
export const selectSearchText = (s: { context: SearchContext }) => s.context.text;
