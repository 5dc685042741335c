import { assign, setup } from 'xstate';
import type { SearchResult } from '../../contract/details';
import { notProvided } from './not-provided';

/**
 * The header's search box: typing waits for a pause (debouncing), then asks the API
 * (searching) and shows what matched (shown); a text shorter than two characters clears it.
 * Enter on a single match opens it (the openMatch action). The shell provides the search
 * actor and openMatch.
 */
const MIN_LENGTH = 2;

type SearchEvent = { type: 'search.type'; text: string } | { type: 'search.submit' } | { type: 'search.close' };

interface SearchContext {
  text: string;
  result: SearchResult | null;
  failed: boolean;
  /** Enter was pressed before the answer came: a single match opens as soon as it does. */
  submitted: boolean;
}

const matchCount = (r: SearchResult | null) => (r ? r.accounts.length + r.transactions.length : 0);

/** The one page the result names, if it names exactly one. */
function singleMatch(result: SearchResult | null): string | null {
  if (!result || matchCount(result) !== 1) return null;
  const [account] = result.accounts;
  const [transaction] = result.transactions;
  if (account) return `/accounts/${encodeURIComponent(account.number)}`;
  return transaction ? `/transactions/${encodeURIComponent(transaction.reference)}` : null;
}

export const headerSearchMachine = setup({
  types: { context: {} as SearchContext, events: {} as SearchEvent },
  actors: { search: notProvided<SearchResult, { text: string }>('search') },
  actions: { openMatch: (_, _params: { path: string }) => undefined },
  guards: {
    isLongEnough: ({ event }) => event.type === 'search.type' && event.text.trim().length >= MIN_LENGTH,
    hasSingleMatch: ({ context }) => singleMatch(context.result) !== null,
    isSubmittedSingleMatch: ({ context, event }) =>
      context.submitted && singleMatch((event as { output?: SearchResult }).output ?? null) !== null,
  },
  delays: { pause: 300 },
}).createMachine({
  id: 'headerSearch',
  context: { text: '', result: null, failed: false, submitted: false },
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
          { target: 'shown', actions: assign({ result: ({ event }) => event.output, failed: false }) },
        ],
        onError: { target: 'shown', actions: assign({ result: null, failed: true }) },
      },
    },
    shown: {
      tags: ['open'],
      on: {
        'search.submit': {
          guard: 'hasSingleMatch',
          target: 'idle',
          actions: [
            { type: 'openMatch', params: ({ context }) => ({ path: singleMatch(context.result) ?? '/' }) },
            assign({ result: null }),
          ],
        },
      },
    },
  },
});

export const selectSearchOpen = (s: { hasTag: (tag: string) => boolean }) => s.hasTag('open');
export const selectSearchBusy = (s: { hasTag: (tag: string) => boolean }) => s.hasTag('busy');
export const selectSearchResult = (s: { context: SearchContext }) => s.context.result;
export const selectSearchFailed = (s: { context: SearchContext }) => s.context.failed;
