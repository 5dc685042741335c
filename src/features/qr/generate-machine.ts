import { assign, type SnapshotFrom, setup } from 'xstate';
import { QR_MAX_AMOUNT, type QrGenerateBody, type QrImageFormat } from '../../../contract/merchant-qr';
import type { QrCodeView, QrMerchant } from '../../../contract/api/qr-codes';
import { errorMessage } from '../../ui/list/report-machine';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import { notProvided } from '../../machines/not-provided';

/**
 * /generate-qr: find and choose a merchant, optionally type an amount, generate; then the code
 * is shown (its SVG fetched for the preview), downloaded as PNG or SVG, or printed. Effects are
 * named actors the page provides: searchMerchants, generateQr, loadPreview, downloadImage; and
 * the actions announce and printSheet.
 */
export type GenerateEvent =
  | { type: 'query.change'; value: string }
  | { type: 'merchant.search' }
  | { type: 'merchant.choose'; number: string }
  | { type: 'merchant.clear' }
  | { type: 'amount.change'; value: string }
  | { type: 'qr.submit' }
  | { type: 'qr.download'; format: QrImageFormat }
  | { type: 'qr.print' }
  | { type: 'qr.new' };

type GenerateError = 'merchant' | 'query' | 'amount';

export interface GenerateContext {
  query: string;
  merchants: QrMerchant[] | null;
  searchError: string | null;
  merchant: QrMerchant | null;
  amount: string;
  errors: Partial<Record<'query' | 'merchant' | 'amount', GenerateError>>;
  failure: RequestFailure | null;
  qr: QrCodeView | null;
  preview: Blob | null;
  previewError: string | null;
  downloadFailure: RequestFailure | null;
}

/** Whole XOF typed with any spaces; empty is "no amount". */
export function parseQrAmount(text: string): { amount: number | null } | { error: 'amount' } {
  const compact = text.replace(/[\s\u00a0\u202f]+/g, '');
  if (compact === '') return { amount: null };
  if (!/^\d+$/.test(compact)) return { error: 'amount' };
  const amount = Number(compact);
  return amount >= 1 && amount <= QR_MAX_AMOUNT ? { amount } : { error: 'amount' };
}

/** Why a merchant cannot take QR payments (the API refuses the same), or null. */
export function unpayableReason(merchant: QrMerchant): { kind: 'status'; status: string } | { kind: 'kyc' } | null {
  if (merchant.status !== 'active') return { kind: 'status', status: merchant.status };
  if (merchant.kycStatus !== 'approved') return { kind: 'kyc' };
  return null;
}

function formErrors(context: GenerateContext): GenerateContext['errors'] {
  const errors: GenerateContext['errors'] = {};
  if (!context.merchant) errors.merchant = 'merchant';
  if ('error' in parseQrAmount(context.amount)) errors.amount = 'amount';
  return errors;
}

const EMPTY: Omit<GenerateContext, 'query'> = {
  merchants: null,
  searchError: null,
  merchant: null,
  amount: '',
  errors: {},
  failure: null,
  qr: null,
  preview: null,
  previewError: null,
  downloadFailure: null,
};

export const generateMachine = setup({
  types: {
    context: {} as GenerateContext,
    events: {} as GenerateEvent,
  },
  actors: {
    searchMerchants: notProvided<QrMerchant[], { q: string }>('searchMerchants'),
    generateQr: notProvided<QrCodeView, QrGenerateBody>('generateQr'),
    loadPreview: notProvided<Blob, { code: string }>('loadPreview'),
    downloadImage: notProvided<void, { code: string; format: QrImageFormat }>('downloadImage'),
  },
  actions: {
    announce: (_, _params: { qr: QrCodeView }) => {},
    printSheet: () => {},
  },
  guards: {
    queryLongEnough: ({ context }) => context.query.trim().length >= 2,
    formValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
  },
}).createMachine({
  id: 'generate',
  initial: 'editing',
  context: { query: '', ...EMPTY },
  states: {
    editing: {
      tags: ['form'],
      initial: 'idle',
      on: {
        'query.change': { actions: assign({ query: ({ event }) => event.value }) },
        'merchant.choose': {
          actions: assign(({ context, event }) => {
            const merchant = context.merchants?.find((m) => m.number === event.number) ?? null;
            const { merchant: _gone, ...errors } = context.errors;
            return { merchant, errors: merchant ? errors : context.errors, failure: null };
          }),
        },
        'merchant.clear': { actions: assign({ merchant: null, failure: null }) },
        'amount.change': {
          actions: assign(({ context, event }) => {
            if (!context.errors.amount) return { amount: event.value };
            const { amount: _gone, ...errors } = context.errors;
            return { amount: event.value, errors };
          }),
        },
      },
      states: {
        idle: {
          on: {
            'merchant.search': [
              { guard: 'queryLongEnough', target: 'searching' },
              { actions: assign(({ context }) => ({ errors: { ...context.errors, query: 'query' as const } })) },
            ],
            'qr.submit': [
              { guard: 'formValid', target: '#generate.generating' },
              { actions: assign(({ context }) => ({ errors: formErrors(context) })) },
            ],
          },
        },
        searching: {
          tags: ['searching'],
          entry: assign(({ context }) => {
            const { query: _gone, ...errors } = context.errors;
            return { errors, searchError: null };
          }),
          invoke: {
            src: 'searchMerchants',
            input: ({ context }) => ({ q: context.query.trim() }),
            onDone: {
              target: 'idle',
              actions: assign(({ event }) => ({
                merchants: event.output,
                // One payable match is chosen for the user; otherwise they pick.
                merchant:
                  event.output.length === 1 && !unpayableReason(event.output[0] as QrMerchant)
                    ? (event.output[0] as QrMerchant)
                    : null,
              })),
            },
            onError: { target: 'idle', actions: assign({ searchError: ({ event }) => errorMessage(event.error) }) },
          },
        },
      },
    },
    generating: {
      tags: ['form', 'busy'],
      entry: assign({ failure: null }),
      invoke: {
        src: 'generateQr',
        input: ({ context }) => {
          const parsed = parseQrAmount(context.amount);
          return {
            merchant: context.merchant?.number ?? '',
            amount: 'amount' in parsed ? parsed.amount : null,
          };
        },
        onDone: {
          target: 'generated',
          actions: [
            assign({ qr: ({ event }) => event.output, preview: null, previewError: null, downloadFailure: null }),
            { type: 'announce', params: ({ event }) => ({ qr: event.output }) },
          ],
        },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
      },
    },
    generated: {
      tags: ['generated'],
      type: 'parallel',
      on: {
        'qr.new': {
          target: 'editing',
          actions: assign(({ context }) => ({ ...EMPTY, query: context.query, merchants: context.merchants })),
        },
        'qr.print': { actions: 'printSheet' },
      },
      states: {
        preview: {
          initial: 'loading',
          states: {
            loading: {
              tags: ['previewLoading'],
              invoke: {
                src: 'loadPreview',
                input: ({ context }) => ({ code: context.qr?.code ?? '' }),
                onDone: { target: 'ready', actions: assign({ preview: ({ event }) => event.output }) },
                onError: {
                  target: 'failed',
                  actions: assign({ previewError: ({ event }) => errorMessage(event.error) }),
                },
              },
            },
            ready: {},
            failed: {},
          },
        },
        download: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'qr.download': 'downloading' },
            },
            downloading: {
              tags: ['downloading'],
              entry: assign({ downloadFailure: null }),
              invoke: {
                src: 'downloadImage',
                input: ({ context, event }) => ({
                  code: context.qr?.code ?? '',
                  format: (event as Extract<GenerateEvent, { type: 'qr.download' }>).format,
                }),
                onDone: 'idle',
                onError: {
                  target: 'idle',
                  actions: assign({ downloadFailure: ({ event }) => describeFailure(event.error) }),
                },
              },
            },
          },
        },
      },
    },
  },
});

export type GenerateSnapshot = SnapshotFrom<typeof generateMachine>;

/** What the form shows: the search, the chosen merchant, the amount and what went wrong. */
export const selectForm = (s: GenerateSnapshot) => s.context;
