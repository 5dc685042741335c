import { assign, fromCallback, fromPromise, setup } from 'xstate';
import {
  type BulkKind,
  type BulkOperationDef,
  type BulkRow,
  cleanValue,
  duplicateErrors,
  type HeaderProblem,
  type RowError,
  type RowWarning,
  validateRow,
} from '../../../contract/bulk';
import type { BulkBatchView, BulkCheckRequest, BulkCheckResult, BulkSubmitResult } from '../../../contract/api/bulk';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import { FileProblem } from './parse-file';

/**
 * One bulk upload from file to result: idle, parsing (in a worker), preview (the server
 * checks the rows; the user fixes or drops the bad ones), submitting, awaiting approval (bulk
 * payments), processing, then done or failed. A batch opened from the list or from the URL
 * after a reload enters at its current status.
 */

type BulkFailure =
  | { kind: 'file'; problem: HeaderProblem }
  | { kind: 'request'; failure: RequestFailure }
  | { kind: 'batch'; batch: BulkBatchView };

export interface BulkContext {
  op: BulkOperationDef;
  fileName: string;
  rows: BulkRow[];
  /** Errors the rows show on their own (same rules as the server's first pass). */
  rowErrors: RowError[];
  /** Errors only the server knows (unknown wallet...), from the last check; dropped for an edited row. */
  serverErrors: RowError[];
  check: Pick<BulkCheckResult, 'totals' | 'batchError'> | null;
  /** Names that differ from the wallet holder's, from the last check; dropped for an edited row. */
  warnings: RowWarning[];
  /** Admin bulk payments: the employer account that pays. */
  source: string;
  batch: BulkBatchView | null;
  failure: BulkFailure | null;
  /** A request failure shown in the preview (a check or submit that did not go through). */
  notice: RequestFailure | null;
}

export type BulkEvent =
  | { type: 'bulk.file.selected'; file: Blob; fileName: string }
  | { type: 'bulk.row.edit'; rowNo: number; field: string; value: string }
  | { type: 'bulk.row.drop'; rowNo: number }
  | { type: 'bulk.rows.dropInvalid' }
  | { type: 'bulk.source.change'; source: string }
  | { type: 'bulk.check' }
  | { type: 'bulk.confirm' }
  | { type: 'bulk.decide'; decision: 'approve' }
  | { type: 'bulk.decide'; decision: 'reject'; reason: string }
  | { type: 'bulk.batch.open'; id: string }
  | { type: 'bulk.batch.updated'; batch: BulkBatchView }
  | { type: 'bulk.reset' };

export interface BulkInput {
  op: BulkOperationDef;
  source?: string;
}

type DecideInput = { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string };

const allErrors = (context: Pick<BulkContext, 'rowErrors' | 'serverErrors'>) => [
  ...context.rowErrors,
  ...context.serverErrors,
];

function revalidate(op: BulkOperationDef, rows: BulkRow[]): RowError[] {
  const errors: RowError[] = [];
  for (const row of rows) errors.push(...validateRow(op, row));
  errors.push(...duplicateErrors(op, rows));
  return errors;
}

const request = (context: BulkContext): BulkCheckRequest => ({
  fileName: context.fileName,
  rows: context.rows,
  ...(context.op.kind === 'payment' && context.source ? { source: context.source } : {}),
});

export const bulkMachine = setup({
  types: {
    context: {} as BulkContext,
    events: {} as BulkEvent,
    input: {} as BulkInput,
  },
  actors: {
    parseFile: fromPromise<{ rows: BulkRow[]; errors: RowError[] }, { file: Blob; kind: BulkKind }>(async () => {
      throw new Error('parseFile is provided by the page');
    }),
    checkRows: fromPromise<BulkCheckResult, { kind: BulkKind; request: BulkCheckRequest }>(async () => {
      throw new Error('checkRows is provided by the page');
    }),
    submitBatch: fromPromise<BulkSubmitResult, { kind: BulkKind; request: BulkCheckRequest }>(async () => {
      throw new Error('submitBatch is provided by the page');
    }),
    loadBatch: fromPromise<BulkBatchView, { id: string }>(async () => {
      throw new Error('loadBatch is provided by the page');
    }),
    decideBatch: fromPromise<BulkBatchView, DecideInput>(async () => {
      throw new Error('decideBatch is provided by the page');
    }),
    /** Sends `bulk.batch.updated` as the batch changes (polling, provided by the page). */
    watchBatch: fromCallback<BulkEvent, { id: string }>(() => undefined),
  },
  actions: {
    /** The batch id goes into the URL, so a reload comes back to it. */
    rememberBatch: (_, _params: { id: string }) => undefined,
    forgetBatch: () => undefined,
  },
  guards: {
    hasBlockingErrors: ({ context }) => allErrors(context).length > 0 || context.check?.batchError != null,
    isRowsInvalid: ({ event }) =>
      'error' in event && describeFailure((event as { error: unknown }).error).code === 'BULK_ROWS_INVALID',
    isAwaitingApproval: ({ context }) => context.batch?.status === 'awaiting_approval',
    isRunning: ({ context }) => context.batch?.status === 'queued' || context.batch?.status === 'processing',
    isDone: ({ context }) => context.batch?.status === 'done',
  },
}).createMachine({
  id: 'bulk',
  context: ({ input }) => ({
    op: input.op,
    fileName: '',
    rows: [],
    rowErrors: [],
    serverErrors: [],
    check: null,
    warnings: [],
    source: input.source ?? '',
    batch: null,
    failure: null,
    notice: null,
  }),
  initial: 'idle',
  on: {
    'bulk.reset': {
      target: '.idle',
      actions: [
        assign({
          fileName: '',
          rows: [],
          rowErrors: [],
          serverErrors: [],
          check: null,
          warnings: [],
          batch: null,
          failure: null,
          notice: null,
        }),
        'forgetBatch',
      ],
    },
    'bulk.batch.open': { target: '.loadingBatch', actions: assign({ failure: null, notice: null }) },
  },
  states: {
    idle: {
      tags: ['canChooseFile'],
      on: {
        'bulk.file.selected': {
          target: 'parsing',
          actions: assign({ fileName: ({ event }) => event.fileName, failure: null }),
        },
        'bulk.source.change': { actions: assign({ source: ({ event }) => event.source }) },
      },
    },
    parsing: {
      tags: ['busy'],
      invoke: {
        src: 'parseFile',
        input: ({ context, event }) => ({
          file: (event as Extract<BulkEvent, { type: 'bulk.file.selected' }>).file,
          kind: context.op.kind,
        }),
        onDone: {
          target: 'preview',
          actions: assign({
            rows: ({ event }) => event.output.rows,
            rowErrors: ({ event }) => event.output.errors,
            serverErrors: [],
            check: null,
            warnings: [],
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({
            failure: ({ event }) =>
              event.error instanceof FileProblem
                ? { kind: 'file', problem: event.error.problem }
                : { kind: 'file', problem: { code: 'UNREADABLE' } },
          }),
        },
      },
    },
    preview: {
      initial: 'checking',
      tags: ['preview'],
      on: {
        'bulk.row.edit': {
          target: '.editing',
          actions: assign(({ context, event }) => {
            const rows = context.rows.map((row) =>
              row.rowNo === event.rowNo
                ? { ...row, values: { ...row.values, [event.field]: cleanValue(event.field, event.value) } }
                : row,
            );
            return {
              rows,
              rowErrors: revalidate(context.op, rows),
              serverErrors: context.serverErrors.filter((e) => e.rowNo !== event.rowNo),
              warnings: context.warnings.filter((w) => w.rowNo !== event.rowNo),
              check: null,
            };
          }),
        },
        'bulk.row.drop': {
          target: '.editing',
          actions: assign(({ context, event }) => {
            const rows = context.rows.filter((row) => row.rowNo !== event.rowNo);
            return {
              rows,
              rowErrors: revalidate(context.op, rows),
              serverErrors: context.serverErrors.filter((e) => e.rowNo !== event.rowNo),
              warnings: context.warnings.filter((w) => w.rowNo !== event.rowNo),
              check: null,
            };
          }),
        },
        'bulk.rows.dropInvalid': {
          target: '.editing',
          actions: assign(({ context }) => {
            const bad = new Set(allErrors(context).map((e) => e.rowNo));
            const rows = context.rows.filter((row) => !bad.has(row.rowNo));
            const warnings = context.warnings.filter((w) => !bad.has(w.rowNo));
            return { rows, rowErrors: revalidate(context.op, rows), serverErrors: [], warnings, check: null };
          }),
        },
        'bulk.source.change': {
          target: '.editing',
          actions: assign({ source: ({ event }) => event.source, check: null }),
        },
      },
      states: {
        checking: {
          tags: ['busy'],
          invoke: {
            src: 'checkRows',
            input: ({ context }) => ({ kind: context.op.kind, request: request(context) }),
            onDone: [
              {
                target: 'editing',
                guard: ({ event }) => event.output.errors.length > 0 || event.output.batchError !== null,
                actions: assign({
                  serverErrors: ({ context, event }) => {
                    // The server repeats the rows' own errors; keep only what it alone knows.
                    const own = new Set(context.rowErrors.map((e) => `${e.rowNo}:${e.code}:${e.field}`));
                    return event.output.errors.filter((e) => !own.has(`${e.rowNo}:${e.code}:${e.field}`));
                  },
                  check: ({ event }) => ({ totals: event.output.totals, batchError: event.output.batchError }),
                  warnings: ({ event }) => event.output.warnings,
                  notice: null,
                }),
              },
              {
                target: 'ready',
                actions: assign({
                  serverErrors: [],
                  check: ({ event }) => ({ totals: event.output.totals, batchError: null }),
                  warnings: ({ event }) => event.output.warnings,
                  notice: null,
                }),
              },
            ],
            onError: { target: 'editing', actions: assign({ notice: ({ event }) => describeFailure(event.error) }) },
          },
        },
        editing: {
          tags: ['canCheck'],
          on: { 'bulk.check': 'checking' },
        },
        ready: {
          tags: ['canConfirm'],
          // Nothing changed since the check: "Check again" is disabled, only Submit is offered.
          on: { 'bulk.confirm': '#bulk.submitting' },
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'submitBatch',
        input: ({ context }) => ({ kind: context.op.kind, request: request(context) }),
        onDone: {
          target: 'routing',
          actions: [
            assign({ batch: ({ event }) => event.output.batch, notice: null }),
            { type: 'rememberBatch', params: ({ event }) => ({ id: event.output.batch.id }) },
          ],
        },
        onError: [
          // Something changed since the check (a wallet closed...): check again to show which rows.
          { target: 'preview.checking', guard: 'isRowsInvalid' },
          { target: 'preview.editing', actions: assign({ notice: ({ event }) => describeFailure(event.error) }) },
        ],
      },
    },
    loadingBatch: {
      tags: ['busy'],
      invoke: {
        src: 'loadBatch',
        input: ({ event }) => ({ id: (event as Extract<BulkEvent, { type: 'bulk.batch.open' }>).id }),
        onDone: {
          target: 'routing',
          actions: [
            assign({ batch: ({ event }) => event.output, fileName: ({ event }) => event.output.fileName }),
            { type: 'rememberBatch', params: ({ event }) => ({ id: event.output.id }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => ({ kind: 'request', failure: describeFailure(event.error) }) }),
        },
      },
    },
    routing: {
      always: [
        { target: 'awaitingApproval', guard: 'isAwaitingApproval' },
        { target: 'processing', guard: 'isRunning' },
        { target: 'done', guard: 'isDone' },
        {
          target: 'failed',
          actions: assign({
            failure: ({ context }) => (context.batch ? { kind: 'batch', batch: context.batch } : null),
          }),
        },
      ],
    },
    awaitingApproval: {
      tags: ['batch'],
      invoke: { src: 'watchBatch', input: ({ context }) => ({ id: context.batch?.id ?? '' }) },
      on: {
        'bulk.batch.updated': { target: 'routing', actions: assign({ batch: ({ event }) => event.batch }) },
        'bulk.decide': 'deciding',
      },
    },
    deciding: {
      tags: ['batch', 'busy'],
      invoke: {
        src: 'decideBatch',
        input: ({ context, event }) => {
          const decide = event as Extract<BulkEvent, { type: 'bulk.decide' }>;
          const id = context.batch?.id ?? '';
          return decide.decision === 'reject'
            ? { id, decision: 'reject', reason: decide.reason }
            : { id, decision: 'approve' };
        },
        onDone: { target: 'routing', actions: assign({ batch: ({ event }) => event.output, notice: null }) },
        onError: {
          target: 'awaitingApproval',
          actions: assign({ notice: ({ event }) => describeFailure(event.error) }),
        },
      },
    },
    processing: {
      tags: ['batch'],
      invoke: { src: 'watchBatch', input: ({ context }) => ({ id: context.batch?.id ?? '' }) },
      on: { 'bulk.batch.updated': { target: 'routing', actions: assign({ batch: ({ event }) => event.batch }) } },
    },
    done: { tags: ['batch'] },
    failed: {},
  },
});

// ---- Selectors ----

type Snapshot = { context: BulkContext; hasTag(tag: string): boolean; matches(value: unknown): boolean };

export const selectStep = (s: Snapshot) => {
  for (const step of [
    'idle',
    'parsing',
    'preview',
    'submitting',
    'loadingBatch',
    'awaitingApproval',
    'deciding',
    'processing',
    'done',
    'failed',
  ] as const) {
    if (s.matches(step)) return step;
  }
  return 'idle';
};
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectCanConfirm = (s: Snapshot) => s.hasTag('canConfirm');
export const selectCanCheck = (s: Snapshot) => s.hasTag('canCheck');
export const selectRows = (s: Snapshot) => s.context.rows;
export const selectErrors = (s: Snapshot) => allErrors(s.context);
export const selectCheck = (s: Snapshot) => s.context.check;
export const selectWarnings = (s: Snapshot) => s.context.warnings;
export const selectBatch = (s: Snapshot) => s.context.batch;
export const selectFailure = (s: Snapshot) => s.context.failure;
export const selectNotice = (s: Snapshot) => s.context.notice;
export const selectFileName = (s: Snapshot) => s.context.fileName;
export const selectSource = (s: Snapshot) => s.context.source;
