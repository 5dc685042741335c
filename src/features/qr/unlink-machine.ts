import { assign, setup } from 'xstate';
import { normaliseQrCode, QR_CODE_PATTERN, UNLINK_REASON_MAX } from '../../../contract/merchant-qr';
import { isReasonLongEnough } from '../../../contract/reasons';
import type { QrCodePage, QrCodeView } from '../../../contract/api/qr-codes';
import { errorMessage } from '../../ui/list/report-machine';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import { notProvided } from '../../machines/not-provided';

/**
 * /unlink-qr: find codes by merchant or by code (searching → results), then unlink one with
 * a reason (confirming → unlinking). Effects are named actors the page provides: findCodes,
 * unlinkCode; and the action announce.
 */
export type UnlinkEvent =
  | { type: 'query.change'; value: string }
  | { type: 'status.change'; value: 'linked' | 'all' }
  | { type: 'search.submit' }
  | { type: 'search.retry' }
  | { type: 'unlink.start'; code: string }
  | { type: 'reason.change'; value: string }
  | { type: 'unlink.confirm' }
  | { type: 'unlink.cancel' };

export interface QrSearch {
  merchant?: string;
  code?: string;
  status: 'linked' | 'all';
}

export interface UnlinkContext {
  query: string;
  status: 'linked' | 'all';
  queryError: boolean;
  search: QrSearch | null;
  result: QrCodePage | null;
  loadError: string | null;
  target: QrCodeView | null;
  reason: string;
  reasonError: boolean;
  failure: RequestFailure | null;
}

/** A whole code is looked up as a code; anything else of 2 characters or more as a merchant. */
export function readQrSearch(text: string, status: 'linked' | 'all'): QrSearch | null {
  const code = normaliseQrCode(text);
  if (QR_CODE_PATTERN.test(code)) return { code, status };
  const merchant = text.trim();
  return merchant.length >= 2 ? { merchant, status } : null;
}

const reasonOk = (reason: string) => {
  const length = reason.trim().length;
  return isReasonLongEnough(reason) && length <= UNLINK_REASON_MAX;
};

export const unlinkMachine = setup({
  types: {
    context: {} as UnlinkContext,
    events: {} as UnlinkEvent,
  },
  actors: {
    findCodes: notProvided<QrCodePage, QrSearch>('findCodes'),
    unlinkCode: notProvided<QrCodeView, { code: string; reason: string }>('unlinkCode'),
  },
  actions: {
    announce: (_, _params: { qr: QrCodeView }) => {},
  },
  guards: {
    queryOk: ({ context }) => readQrSearch(context.query, context.status) !== null,
    reasonOk: ({ context }) => reasonOk(context.reason),
    linkedInResult: ({ context }, params: { code: string }) =>
      context.result?.rows.some((r) => r.code === params.code && r.status === 'linked') ?? false,
  },
}).createMachine({
  id: 'unlink',
  initial: 'idle',
  context: {
    query: '',
    status: 'linked',
    queryError: false,
    search: null,
    result: null,
    loadError: null,
    target: null,
    reason: '',
    reasonError: false,
    failure: null,
  },
  on: {
    'query.change': { actions: assign({ query: ({ event }) => event.value, queryError: false }) },
    'status.change': { actions: assign({ status: ({ event }) => event.value }) },
  },
  states: {
    idle: {
      on: {
        'search.submit': [
          {
            guard: 'queryOk',
            target: 'searching',
            actions: assign({ search: ({ context }) => readQrSearch(context.query, context.status) }),
          },
          { actions: assign({ queryError: true }) },
        ],
        'search.retry': { guard: ({ context }) => context.search !== null, target: 'searching' },
        'unlink.start': {
          guard: { type: 'linkedInResult', params: ({ event }) => ({ code: event.code }) },
          target: 'confirming',
          actions: assign(({ context, event }) => ({
            target: context.result?.rows.find((r) => r.code === event.code) ?? null,
            reason: '',
            reasonError: false,
            failure: null,
          })),
        },
      },
    },
    searching: {
      tags: ['searching'],
      entry: assign({ loadError: null }),
      invoke: {
        src: 'findCodes',
        input: ({ context }) => context.search as QrSearch,
        onDone: { target: 'idle', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'idle',
          actions: assign({ loadError: ({ event }) => errorMessage(event.error), result: null }),
        },
      },
    },
    confirming: {
      tags: ['dialog'],
      initial: 'asking',
      on: { 'unlink.cancel': { target: 'idle', actions: assign({ target: null, failure: null }) } },
      states: {
        asking: {
          on: {
            'reason.change': {
              actions: assign(({ context, event }) => ({
                reason: event.value,
                reasonError: context.reasonError && !reasonOk(event.value),
              })),
            },
            'unlink.confirm': [{ guard: 'reasonOk', target: 'unlinking' }, { actions: assign({ reasonError: true }) }],
          },
        },
        unlinking: {
          tags: ['busy'],
          entry: assign({ failure: null }),
          on: { 'unlink.cancel': {} },
          invoke: {
            src: 'unlinkCode',
            input: ({ context }) => ({ code: context.target?.code ?? '', reason: context.reason.trim() }),
            onDone: {
              target: '#unlink.idle',
              actions: [
                { type: 'announce', params: ({ event }) => ({ qr: event.output }) },
                assign(({ context, event }) => ({
                  target: null,
                  result: context.result
                    ? {
                        ...context.result,
                        rows: context.result.rows.map((r) => (r.code === event.output.code ? event.output : r)),
                      }
                    : null,
                })),
              ],
            },
            onError: { target: 'asking', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
          },
        },
      },
    },
  },
});
