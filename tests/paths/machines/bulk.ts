/**
 * The graph of one bulk payment upload (/bulk-payment): the real bulk machine, from the file
 * to the batch's result. A batch enters at its status (after a submission, from the list or
 * from the URL), so each status the server can answer is a variant.
 */
import { type BatchStatus, type BulkRow, bulkOperation, type RowError } from '../../../contract/bulk';
import type { BulkBatchView } from '../../../contract/api/bulk';
import { ApiRequestError } from '../../../src/api/client';
import { bulkMachine } from '../../../src/features/bulk/bulk-machine';
import { FileProblem } from '../../../src/features/bulk/parse-file';
import type { MachineGraph } from '../graph-adapter';

const apiError = (status: number, code: string) => new ApiRequestError(code, status, code, false);
const op = bulkOperation('payment');
if (!op) throw new Error('contract/bulk.ts has no payment operation');

const GOOD: BulkRow = {
  rowNo: 2,
  values: { phone: '+221771112233', amount: '25000', reference: 'SAL-001', name: 'Awa Diallo' },
};
const BAD: BulkRow = { rowNo: 2, values: { ...GOOD.values, phone: '77 123' } };
const BAD_PHONE: RowError = { rowNo: 2, field: 'phone', code: 'PHONE_INVALID' };
const TOTALS = { rows: 1, payable: 1, amount: 25_000, fees: 0 };

/** A batch as the server shows it: another admin's (the caller may decide it) or the caller's own. */
const batch = (status: BatchStatus, canDecide = true): { label: string; output: BulkBatchView } => ({
  label: status,
  output: { id: 'b1', kind: 'payment', fileName: 'paie.csv', status, canDecide } as BulkBatchView,
});
const updated = (status: BatchStatus) => ({ label: status, batch: batch(status).output });

const EDITS = new Set(['bulk.row.edit', 'bulk.row.drop', 'bulk.rows.dropInvalid', 'bulk.source.change']);

export const bulkGraph: MachineGraph<typeof bulkMachine> = {
  id: 'bulk',
  machine: bulkMachine,
  input: { op, source: 'EMP-1' },
  filter: (snapshot, name, event) => {
    const { context } = snapshot;
    const errors = context.rowErrors.length + context.serverErrors.length;
    // "Choose another file" is offered once a file has been read, not while choosing one, nor
    // while a batch is being opened (its step shows only that it is loading).
    if (name === 'bulk.reset') return !(['idle', 'parsing', 'loadingBatch'] as const).some((s) => snapshot.matches(s));
    // The payer, the rows' fields and their drop buttons are disabled while a request is out.
    if (EDITS.has(name) && snapshot.hasTag('busy')) return false;
    // Only a row with an error has fields to edit; "Drop the rows with errors" needs some.
    if (name === 'bulk.row.edit' || name === 'bulk.rows.dropInvalid') return errors > 0;
    if (name === 'bulk.check') return context.rows.length > 0;
    // Approve and Reject are offered to a second person only, never to the batch's maker.
    if (name === 'bulk.decide') return context.batch?.canDecide === true;
    // Only a batch waiting for approval can be rejected.
    if (name === 'bulk.batch.updated' && (event as { batch?: BulkBatchView }).batch?.status === 'rejected')
      return snapshot.matches('awaitingApproval');
    return true;
  },
  variants: (snapshot) => {
    // The server finds nothing wrong only in rows that are right in the browser too.
    const clean = snapshot.context.rowErrors.length === 0 && snapshot.context.rows.length > 0;
    return {
      'bulk.file.selected': [{ label: 'a file', file: new Blob(['x']), fileName: 'paie.csv' }],
      'parseFile.done': [
        { label: 'clean rows', output: { rows: [GOOD], errors: [] } },
        { label: 'rows with errors', output: { rows: [BAD], errors: [BAD_PHONE] } },
      ],
      'parseFile.error': [
        { label: 'unreadable', error: new FileProblem({ code: 'UNREADABLE' }) },
        { label: 'missing columns', error: new FileProblem({ code: 'MISSING_COLUMNS', columns: ['amount'] }) },
      ],
      'bulk.row.edit': [{ label: 'fix', rowNo: 2, field: 'phone', value: GOOD.values.phone }],
      'bulk.row.drop': [{ label: 'a row', rowNo: 2 }],
      'bulk.rows.dropInvalid': [{ label: 'drop invalid' }],
      'bulk.source.change': [{ label: 'another payer', source: 'EMP-2' }],
      'checkRows.done': [
        ...(clean
          ? [{ label: 'all good', output: { errors: [], warnings: [], batchError: null, totals: TOTALS } }]
          : []),
        {
          label: 'unknown wallet',
          output: {
            errors: [{ rowNo: 2, field: 'phone', code: 'WALLET_NOT_FOUND' }],
            warnings: [],
            batchError: null,
            totals: { ...TOTALS, payable: 0, amount: 0 },
          },
        },
      ],
      'checkRows.error': [{ label: 'no answer', error: new TypeError('Failed to fetch') }],
      'bulk.check': [{ label: 'check' }],
      'bulk.confirm': [{ label: 'confirm' }],
      'submitBatch.done': [{ label: 'awaiting approval', output: { batch: batch('awaiting_approval', false).output } }],
      'submitBatch.error': [
        { label: 'rows invalid', error: apiError(422, 'BULK_ROWS_INVALID') },
        { label: 'no answer', error: new TypeError('Failed to fetch') },
      ],
      'bulk.batch.open': [{ label: 'a batch', id: 'b1' }],
      'loadBatch.done': (['awaiting_approval', 'processing', 'done', 'rejected'] as const).map((s) => batch(s)),
      'loadBatch.error': [{ label: 'not found', error: apiError(404, 'NOT_FOUND') }],
      'bulk.batch.updated': (['queued', 'done', 'rejected'] as const).map(updated),
      'bulk.decide': [
        { label: 'approve', decision: 'approve' },
        { label: 'reject', decision: 'reject', reason: 'Wrong month' },
      ],
      'decideBatch.done': (['queued', 'rejected'] as const).map((s) => batch(s)),
      'decideBatch.error': [{ label: 'refused', error: apiError(409, 'CONFLICT') }],
      'bulk.reset': [{ label: 'another file' }],
    };
  },
};
