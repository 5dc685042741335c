import { assign, setup } from 'xstate';
import { ApiRequestError } from '../../api/client';
import { notProvided } from '../../machines/not-provided';
import { describeFailure, type RequestFailure } from '../../ui/failure';

/**
 * One row's detail page: loading → shown, or missing (the API answered 404: the row does not
 * exist or none of the user's reports lists it, which the page must not tell apart), or failed
 * (retry). The account page pages its transactions with `detail.page`. The page provides the
 * loadDetail actor and the print action.
 */
type DetailEvent = { type: 'detail.retry' } | { type: 'detail.page'; page: number } | { type: 'detail.print' };

interface DetailInput {
  key: string;
}

interface DetailContext<T> {
  key: string;
  page: number;
  detail: T | null;
  failure: RequestFailure | null;
}

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

export function createDetailMachine<T>() {
  return setup({
    types: {
      context: {} as DetailContext<T>,
      events: {} as DetailEvent,
      input: {} as DetailInput,
    },
    actors: { loadDetail: notProvided<T, { key: string; page: number }>('loadDetail') },
    actions: { printReceipt: () => undefined },
    guards: { isNotFound: ({ event }) => isNotFound((event as { error?: unknown }).error) },
  }).createMachine({
    id: 'detail',
    context: ({ input }) => ({ key: input.key, page: 1, detail: null, failure: null }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        // A retry shows the load, not the failure it answers.
        entry: assign({ failure: null }),
        invoke: {
          src: 'loadDetail',
          input: ({ context }) => ({ key: context.key, page: context.page }),
          onDone: { target: 'shown', actions: assign({ detail: ({ event }) => event.output }) },
          onError: [
            { guard: 'isNotFound', target: 'missing' },
            { target: 'failed', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
          ],
        },
      },
      shown: {
        on: {
          'detail.page': { target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
          'detail.print': { actions: 'printReceipt' },
        },
      },
      missing: { tags: ['missing'] },
      failed: { on: { 'detail.retry': 'loading' } },
    },
  });
}

export const selectDetail = <T>(s: { context: DetailContext<T> }) => s.context.detail;
export const selectFailure = (s: { context: { failure: RequestFailure | null } }) => s.context.failure;
export const selectBusy = (s: { hasTag: (tag: string) => boolean }) => s.hasTag('busy');
export const selectMissing = (s: { hasTag: (tag: string) => boolean }) => s.hasTag('missing');
