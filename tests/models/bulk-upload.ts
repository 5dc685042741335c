/**
 * Test model of one bulk payment upload, written from what the user must see, not from
 * src/bulk/bulk-machine.ts:
 * - "The upload flow is a machine (idle, parsing, preview, submitting, awaiting approval,
 *   processing, done or failed)";
 * - the browser parses the file and validates every row, then shows a preview table with each
 *   row's errors; a file it cannot read, or one without the required columns, fails at once;
 * - the user can fix or drop rows and check again without uploading again; totals (rows,
 *   amount, fees) are shown before confirming, and only a checked file without errors can be
 *   confirmed;
 * - a bulk payment goes through maker-checker before anything is paid: a second person
 *   approves (then it is processed, with its progress shown, until done) or rejects it;
 * - the result of every row can be downloaded as CSV.
 *
 * The file with errors has four lines: line 2 is good, line 3 has a bad phone and a bad
 * amount, line 4 repeats line 2, and line 5 names a wallet that does not exist (only the
 * server knows). `row.fix` corrects lines 3 and 5 in place; `row.drop` drops line 4 (in a
 * checked file it drops the last line instead). Parsing and submitting are held until the
 * path says how they end; the checker and the batch's progress are the server's doing.
 */
import { setup } from 'xstate';

export type BulkUploadModelEvent =
  | { type: 'page.open' }
  | { type: 'file.chooseUnreadable' }
  | { type: 'file.chooseMissingColumns' }
  | { type: 'file.chooseWithErrors' }
  | { type: 'file.chooseClean' }
  /** The parsing worker answers the file it was given. */
  | { type: 'worker.answers' }
  | { type: 'row.fix' }
  | { type: 'row.drop' }
  | { type: 'rows.check' }
  | { type: 'batch.confirm' }
  /** Clicking "Submit" again while the batch is on its way. */
  | { type: 'batch.confirmAgain' }
  | { type: 'server.accepts' }
  | { type: 'server.unreachable' }
  | { type: 'checker.approve' }
  | { type: 'checker.reject' }
  | { type: 'server.progress' }
  | { type: 'server.finish' }
  | { type: 'result.download' }
  | { type: 'flow.reset' };

export const bulkUploadModel = setup({ types: { events: {} as BulkUploadModelEvent } }).createMachine({
  id: 'bulkUploadModel',
  initial: 'closed',
  states: {
    closed: { on: { 'page.open': 'idle' } },
    /** The file chooser, with the paying account chosen. */
    idle: {
      on: {
        'file.chooseUnreadable': 'parsing.unreadable',
        'file.chooseMissingColumns': 'parsing.missingColumns',
        'file.chooseWithErrors': 'parsing.withErrors',
        'file.chooseClean': 'parsing.clean',
      },
    },
    /** The browser reads the file (which one decides what comes next); nothing is sent yet. */
    parsing: {
      // Every file choice targets its own child; this default is never taken.
      initial: 'clean',
      states: {
        unreadable: { on: { 'worker.answers': '#bulkUploadModel.failed' } },
        missingColumns: { on: { 'worker.answers': '#bulkUploadModel.failed' } },
        withErrors: { on: { 'worker.answers': '#bulkUploadModel.previewWithErrors' } },
        clean: { on: { 'worker.answers': '#bulkUploadModel.previewReady' } },
      },
    },
    /** Rows with errors are shown with their errors; nothing can be confirmed. */
    previewWithErrors: {
      initial: 'checked',
      states: {
        /** As the check answered: lines 3, 4 and 5 in error. */
        checked: {
          on: {
            'row.fix': 'fixed',
            'row.drop': 'dropped',
            // Checking the same rows again finds the same errors.
            'rows.check': 'checked',
          },
        },
        /** Lines 3 and 5 fixed in place; line 4 still repeats line 2. */
        fixed: { on: { 'row.drop': '#bulkUploadModel.previewEdited' } },
        /** Line 4 dropped; lines 3 and 5 still wrong. */
        dropped: { on: { 'row.fix': '#bulkUploadModel.previewEdited' } },
      },
    },
    /** No error left, but the rows changed since the server checked them: check again. */
    previewEdited: { on: { 'rows.check': 'previewReady' } },
    /** Checked with no error: totals shown, confirm possible. */
    previewReady: {
      on: {
        'batch.confirm': 'submitting',
        'row.drop': 'previewEdited',
        'flow.reset': 'idle',
      },
    },
    submitting: {
      on: {
        'batch.confirmAgain': 'submitting',
        'server.accepts': 'awaitingApproval',
        'server.unreachable': 'submitFailed',
      },
    },
    /** The batch did not reach the server: the preview again, with the message. */
    submitFailed: { on: { 'rows.check': 'previewReady' } },
    /** Stored; nothing paid until a second person decides. */
    awaitingApproval: {
      on: {
        'checker.approve': 'processing',
        'checker.reject': 'failed',
      },
    },
    processing: {
      on: {
        'server.progress': 'processing',
        'server.finish': 'done',
      },
    },
    done: {
      on: {
        'result.download': 'done',
        'flow.reset': 'idle',
      },
    },
    /** An unreadable file, a file missing columns, or a rejected batch. */
    failed: { on: { 'flow.reset': 'idle' } },
  },
});

export type BulkUploadModelState =
  | 'closed'
  | 'idle'
  | 'parsing.unreadable'
  | 'parsing.missingColumns'
  | 'parsing.withErrors'
  | 'parsing.clean'
  | 'previewWithErrors.checked'
  | 'previewWithErrors.fixed'
  | 'previewWithErrors.dropped'
  | 'previewEdited'
  | 'previewReady'
  | 'submitting'
  | 'submitFailed'
  | 'awaitingApproval'
  | 'processing'
  | 'done'
  | 'failed';
