/**
 * One bulk payment from file to result, driven through the real app in jsdom along
 * walks that take every transition of its test model (tests/models/bulk-upload.ts; the walks
 * of tests/models/covering-walks.ts, as each path must open the admin's whole app). Files go in through the real
 * file input; the page's parsing worker is a stand-in that runs the worker's own job
 * (support/fake-parse-worker.ts); the fake API answers the contract's shapes and judges rows
 * with the contract's functions (support/fake-bulk.ts). A second admin's decision and the
 * runner's progress are the fake server's doing, seen by the page on its next poll (the
 * page's setInterval is faked, and advanced one poll at a time).
 *
 * Besides what the user sees, every state checks what the server received: no submission
 * before a confirm, exactly one per confirm, the rows as fixed and dropped, and no decision
 * by the maker.
 */
import { act, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BulkRow, cleanValue, type RowErrorCode } from '../../contract/bulk';
import { XlsxWriter } from '../../server/lib/xlsx-writer';
import { WATCH_INTERVAL_MS } from '../../src/features/bulk/bulk-effects';
import { BULK_MESSAGES } from '../../src/features/bulk/messages';
import { parseCsv } from '../../src/features/bulk/parse-sheet';
import { formatXof } from '../../src/i18n/format';
import { type BulkUploadModelState, bulkUploadModel } from '../models/bulk-upload';
import { coveringWalks } from '../models/covering-walks';
import { stateName } from '../models/menu-graph';
import { bulkFeeOf, type FakeBulk, installFakeBulk, PAYROLL_PAYER } from './support/fake-bulk';
import { type FakeParseWorkers, installFakeParseWorker } from './support/fake-parse-worker';
import { createFakeApi, type FakeApi, type RenderedApp, renderApp } from './support/render-app';

const PATH_TIMEOUT_MS = 60_000;
const MAX_WALK_STEPS = 20;
const CHECK_PATH = 'bulk/payment/check';
const SUBMIT_PATH = 'bulk/payment/batches';
const M = BULK_MESSAGES.en;
const MAKER = 'Awa Ndiaye';
const CHECKER = 'Abdoulaye Kane';
const REASON = 'Wrong month: these are the October salaries';
const NETWORK_ERROR = 'The server could not be reached. Check your connection and try again.';

type FileKind = 'unreadable' | 'missingColumns' | 'withErrors' | 'clean';

const values = (phone: string, amount: string, reference: string, name: string) => ({ phone, amount, reference, name });

/**
 * French Excel: semicolons, accented headers, "25 000" and "12,5". Lines 3, 4 and 5 are wrong.
 * The upload number ends each reference: a file sent again is another payroll, not the same
 * file (the server answers the same rows with their existing batch).
 */
const errorsCsv = (upload: number) =>
  [
    'téléphone;montant;référence;nom',
    `+221 77 111 22 33;25 000;SAL-NOV-001-${upload};Awa Diallo`,
    `77 123 45 67;12,5;SAL-NOV-002-${upload};Ibrahima Fall`,
    `+221 77 111 22 33;25000;SAL-NOV-001-${upload};Awa Diallo`,
    `+221 70 000 00 09;5000;SAL-NOV-003-${upload};Inconnu`,
  ].join('\r\n');
const ERRORS_ROWS: BulkRow[] = [
  { rowNo: 2, values: values('+221 77 111 22 33', '25000', 'SAL-NOV-001', 'Awa Diallo') },
  { rowNo: 3, values: values('77 123 45 67', '12,5', 'SAL-NOV-002', 'Ibrahima Fall') },
  { rowNo: 4, values: values('+221 77 111 22 33', '25000', 'SAL-NOV-001', 'Awa Diallo') },
  { rowNo: 5, values: values('+221 70 000 00 09', '5000', 'SAL-NOV-003', 'Inconnu') },
];
/** What `row.fix` types: line 3's phone and amount, line 5's number (no wallet had it). */
const FIXES = [
  { line: 3, field: 'phone', label: 'Phone', typed: '+221 76 123 45 67' },
  { line: 3, field: 'amount', label: 'Amount (XOF)', typed: '15 000' },
  { line: 5, field: 'phone', label: 'Phone', typed: '+221 78 555 12 34' },
] as const;

const CLEAN_ROWS: BulkRow[] = [
  { rowNo: 2, values: values('+221 77 111 22 33', '25000', 'SAL-DEC-001', 'Awa Diallo') },
  { rowNo: 3, values: values('+221 76 123 45 67', '40000', 'SAL-DEC-002', 'Ibrahima Fall') },
  { rowNo: 4, values: values('+221 78 555 12 34', '30000', 'SAL-DEC-003', 'Khady Sarr') },
];

/** The rows of a file as the page should read them, for the upload-th file of the run. */
const numbered = (rows: BulkRow[], upload: number): BulkRow[] =>
  rows.map((row) => ({ ...row, values: { ...row.values, reference: `${row.values.reference}-${upload}` } }));

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file the user chooses, and the rows the page should read from it. */
async function fileFor(kind: FileKind, upload: number): Promise<{ file: File; rows: BulkRow[] }> {
  switch (kind) {
    case 'clean': {
      const rows = numbered(CLEAN_ROWS, upload);
      return { file: new File([await workbookOf(rows)], 'paie-decembre.xlsx', { type: XLSX_TYPE }), rows };
    }
    case 'withErrors':
      return {
        file: new File([errorsCsv(upload)], 'paie-novembre.csv', { type: 'text/csv' }),
        rows: numbered(ERRORS_ROWS, upload),
      };
    case 'missingColumns':
      return {
        file: new File(['telephone,total,nom\r\n+221 77 111 22 33,25000,Awa Diallo\r\n'], 'paie.csv', {
          type: 'text/csv',
        }),
        rows: [],
      };
    case 'unreadable':
      // A truncated download: a ZIP signature, then nothing a workbook is made of.
      return {
        file: new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 0xde, 0xad])], 'salaires.xlsx', {
          type: XLSX_TYPE,
        }),
        rows: [],
      };
  }
}

/** An XLSX written by the server's own writer, amounts as numeric cells. */
async function workbookOf(rows: BulkRow[]): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  const writer = new XlsxWriter(async (chunk) => {
    chunks.push(chunk);
  }, 'Paie');
  await writer.start(['phone', 'amount', 'reference', 'name']);
  for (const row of rows) {
    const v = row.values;
    await writer.addRow([v.phone, Number(v.amount), v.reference, v.name]);
  }
  await writer.finish();
  return new Uint8Array(Buffer.concat(chunks));
}

interface Saved {
  blob: Blob;
  fileName: string;
}

interface Run {
  app: RenderedApp;
  api: FakeApi;
  fake: FakeBulk;
  workers: FakeParseWorkers;
  /** The model state the last assertion was for. */
  at: BulkUploadModelState;
  file: FileKind | null;
  /** Files chosen so far in this run. */
  uploads: number;
  /** The rows the page should read from the file being parsed. */
  parsed: BulkRow[];
  fileName: string;
  /** The rows the preview should hold now, as the page sends them. */
  rows: BulkRow[];
  failure: 'unreadable' | 'missingColumns' | 'rejected' | null;
  /** The body of every check the page should have sent, and of every submission (one per confirm). */
  checks: unknown[];
  confirms: unknown[];
  batchId: string | null;
  /** Batches the fake server held when the last confirm was sent. */
  storedBefore: number;
  downloads: Saved[];
  releaseWorker?: () => void;
  releaseSubmit?: () => void;
}

let run: Run | undefined;

beforeAll(async () => {
  // The page is a lazy chunk: load it once so no path pays for its first import.
  await import('../../src/features/bulk/BulkPage');
  // jsdom has no object URLs; the result file is kept here instead of being saved.
  URL.createObjectURL = (blob: Blob) => {
    const link = run?.downloads;
    link?.push({ blob, fileName: '' });
    return `blob:fake/${link?.length ?? 0}`;
  };
  URL.revokeObjectURL = () => undefined;
}, 60_000);

afterEach(() => {
  run?.releaseWorker?.();
  run?.releaseSubmit?.();
  run?.app.unmount();
  run = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function current(): Run {
  if (!run) throw new Error('The page is not open');
  return run;
}

/** Intl writes XOF amounts with no-break spaces; the assertions compare plain text. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const xof = (n: number) => plain(formatXof(n, 'en'));
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key]));
const rowError = (code: RowErrorCode, params: Record<string, string | number> = {}) => fill(M.rowErrors[code], params);
const contentElement = () => document.getElementById('content') ?? document.body;
const content = () => within(contentElement());

/*
 * Role queries compute the role of every element of the page: with the admin's shell and a
 * preview table that is most of a path's time. The page's controls are found by the name
 * they give assistive technologies instead (aria-label, else their text), which is what
 * getByRole would match here, at a fraction of the cost.
 */
const nameOf = (element: Element) => plain(element.getAttribute('aria-label') ?? element.textContent);
const named = (text: string, name: string | RegExp) => (typeof name === 'string' ? text === name : name.test(text));
function queryNamed<E extends Element>(selector: string, name: string | RegExp, scope: Element = contentElement()) {
  const found = [...scope.querySelectorAll<E>(selector)].filter((element) => named(nameOf(element), name));
  if (found.length > 1) throw new Error(`${found.length} elements ${selector} named ${name}`);
  return found[0] ?? null;
}
function getNamed<E extends Element>(selector: string, name: string | RegExp, scope?: Element): E {
  const found = queryNamed<E>(selector, name, scope);
  if (!found) throw new Error(`No ${selector} named ${name} in:\n${plain(contentElement().textContent)}`);
  return found;
}
const queryButton = (name: string | RegExp, scope?: Element) => queryNamed<HTMLButtonElement>('button', name, scope);
const button = (name: string | RegExp, scope?: Element) => getNamed<HTMLButtonElement>('button', name, scope);
const findButton = (name: string | RegExp) => waitFor(() => button(name));
const heading = (name: string, scope?: Element) => getNamed<HTMLHeadingElement>('h1, h2', name, scope);
const queryAlert = () => contentElement().querySelector<HTMLElement>('[role="alert"]');
const findAlert = () =>
  waitFor(() => {
    const alert = queryAlert();
    if (!alert) throw new Error('No alert');
    return alert;
  });
const progressbar = (scope: Element = contentElement()) => scope.querySelector('[role="progressbar"]');

const fileInput = () => content().getByLabelText(/^Choose a CSV or Excel file/) as HTMLInputElement;
const confirmButton = () => button(/^Submit \d+ rows?$/);
const checkButton = () => button(M.preview.check);
const batchElement = () => content().getByTestId('bulk-batch');
const batchPanel = () => within(batchElement());
function previewTable(): HTMLTableElement {
  const table = [...contentElement().querySelectorAll('table')].find(
    (t) => plain(t.caption?.textContent) === M.preview.caption,
  );
  if (!table) throw new Error('No preview table');
  return table;
}

const requestBody = (r: Run) => ({ fileName: r.fileName, source: PAYROLL_PAYER.number, rows: r.rows });

/** Rows the preview table shows (by default only those with errors, when any). */
const shownLines = () =>
  [...previewTable().querySelectorAll('tbody tr')].map((tr) => Number((tr as HTMLElement).dataset.row));
const errorsOfLine = (line: number) =>
  [...document.querySelectorAll(`#bulk-row-${line}-errors li`)].map((li) => plain(li.textContent));
const lineRow = (line: number) => previewTable().querySelector(`tr[data-row="${line}"]`) as HTMLElement;

function totals(): Record<string, string> {
  const list = content().getByTestId('bulk-totals');
  return Object.fromEntries(
    [...list.querySelectorAll('dt')].map((dt) => [plain(dt.textContent), plain(dt.nextElementSibling?.textContent)]),
  );
}
const uncheckedTotals = (rows: number) => ({ Rows: String(rows), Amount: '—', Fees: '—', 'Total debited': '—' });
function checkedTotals(rows: BulkRow[]) {
  const amount = rows.reduce((sum, r) => sum + Number(r.values.amount), 0);
  const fees = rows.reduce((sum, r) => sum + bulkFeeOf(Number(r.values.amount)), 0);
  return { Rows: String(rows.length), Amount: xof(amount), Fees: xof(fees), 'Total debited': xof(amount + fees) };
}

/** What the server received matches what the user did. */
function expectServerReceived() {
  const r = current();
  expect(r.api.callsTo(CHECK_PATH, 'POST').map((c) => c.body)).toEqual(r.checks);
  // No submission before a confirm, and exactly one per confirm, with the rows as shown.
  expect(r.api.callsTo(SUBMIT_PATH, 'POST').map((c) => c.body)).toEqual(r.confirms);
  // The maker never decides their own batch.
  expect(r.api.calls.filter((c) => c.path.endsWith('/decision'))).toEqual([]);
}

/** The list under the page: every batch of the fake server, with its status. */
async function expectBatchList() {
  const { fake } = current();
  await waitFor(() => {
    const section = document.getElementById('bulk-batches')?.closest('section');
    if (!section) throw new Error('No list of batches');
    heading(M.list.title, section);
    if (fake.batches.length === 0) {
      expect(within(section).getByText(M.list.empty)).toBeVisible();
      return;
    }
    const shown = [...section.querySelectorAll('tr[data-batch]')].map((tr) => [
      plain((tr as HTMLTableRowElement).cells[0]?.textContent),
      plain(tr.querySelector('[data-value]')?.textContent),
    ]);
    // The batches waiting for a decision first, then the newest.
    const order = [...fake.batches].sort(
      (a, b) =>
        Number(b.status === 'awaiting_approval') - Number(a.status === 'awaiting_approval') ||
        b.createdAt.localeCompare(a.createdAt),
    );
    expect(shown).toEqual(order.map((b) => [b.fileName, M.batch.status[b.status]]));
  });
}

function expectProgress(done: number, total: number) {
  const r = current();
  const batch = r.fake.batch(r.batchId ?? '');
  expect(batchPanel().getByText(M.batch.status[batch.status])).toBeVisible();
  expect(plain(content().getByTestId('bulk-progress').textContent)).toBe(
    `${fill(M.batch.progress, { done, total })} · Succeeded: ${done} · Failed: 0`,
  );
  expect(progressbar()).toHaveAttribute('aria-valuenow', String(Math.round((done / total) * 100)));
  expect(plain(content().getByTestId('bulk-batch').textContent)).toContain(`Decided by${CHECKER}`);
  // Still the maker's view: nothing to decide.
  expect(queryButton(M.batch.approve, batchElement())).toBeNull();
  expectServerReceived();
}

/** The next poll of the batch: one tick of the page's watch interval. */
async function poll() {
  await act(async () => {
    vi.advanceTimersByTime(WATCH_INTERVAL_MS);
  });
}

async function waitForCheck() {
  const r = current();
  await vi.waitFor(() => expect(r.api.callsTo(CHECK_PATH, 'POST')).toHaveLength(r.checks.length));
  await waitFor(() => expect(content().queryByText(M.preview.checking)).toBeNull());
}

async function fixCell(line: number, label: string, typed: string) {
  const { app } = current();
  const input = content().getByLabelText(`${label}, ${M.preview.line} ${line}`);
  await app.user.clear(input);
  await app.user.type(input, typed);
  await app.user.keyboard('{Enter}');
}

describe('bulk upload test model (admin bulk payment)', () => {
  // Each path opens the admin's whole app: 3 walks that go on from state to state, not 13 shortest paths.
  const { paths, coverage } = coveringWalks(bulkUploadModel, MAX_WALK_STEPS);

  it('the generated walks cover every transition of the bulk upload model', () => {
    expect(coverage.missingTransitions).toEqual([]);
    expect(coverage.missingEdges).toEqual([]);
    expect(coverage.transitionCount).toBe(29);
    expect(paths).toHaveLength(3);
  });

  const assertions: Record<BulkUploadModelState, () => Promise<void> | void> = {
    closed: () => {
      expect(run).toBeUndefined();
    },
    idle: async () => {
      const r = current();
      expect(heading('Bulk Payment')).toBeVisible();
      expect(content().getByText(M.intro.payment)).toBeVisible();
      // The one employer account is preselected as the payer.
      const payer = (await content().findByLabelText(M.source.label)) as HTMLSelectElement;
      expect(payer).toHaveValue(PAYROLL_PAYER.number);
      expect(plain(payer.selectedOptions[0]?.textContent)).toBe(`${PAYROLL_PAYER.label} (${PAYROLL_PAYER.number})`);
      expect(fileInput()).toBeEnabled();
      expect(fileInput()).toHaveAttribute('type', 'file');
      expect(queryAlert()).toBeNull();
      expect(content().queryByTestId('bulk-totals')).toBeNull();
      expect(content().queryByTestId('bulk-batch')).toBeNull();
      await waitFor(() => expect(r.app.location().search).not.toContain('batch='));
      await expectBatchList();
      expectServerReceived();
    },
    'parsing.unreadable': () => expectParsing(),
    'parsing.missingColumns': () => expectParsing(),
    'parsing.withErrors': () => expectParsing(),
    'parsing.clean': () => expectParsing(),
    'previewWithErrors.checked': () => {
      expectPreviewHeading();
      expect(totals()).toEqual({ Rows: '4', Amount: xof(25_000), Fees: xof(250), 'Total debited': xof(25_250) });
      expect(content().getByTestId('bulk-error-count')).toHaveTextContent(
        fill(M.preview.withErrors_other, { count: 3 }),
      );
      expect(shownLines()).toEqual([3, 4, 5]);
      expect(errorsOfLine(3)).toEqual([
        rowError('PHONE_INVALID', { field: 'Phone' }),
        rowError('AMOUNT_INVALID', { field: 'Amount (XOF)' }),
      ]);
      expect(errorsOfLine(4)).toEqual([rowError('DUPLICATE_ROW', { row: 2 })]);
      // Only the server knows this one: no wallet has the number.
      expect(errorsOfLine(5)).toEqual([rowError('WALLET_NOT_FOUND', { field: 'Phone' })]);
      const line3 = within(lineRow(3));
      expect(line3.getByLabelText('Phone, Line 3')).toHaveAttribute('aria-invalid', 'true');
      expect(line3.getByLabelText('Amount (XOF), Line 3')).toHaveAttribute('aria-invalid', 'true');
      expect(line3.getByLabelText('Name, Line 3')).toHaveAttribute('aria-invalid', 'false');
      expect(confirmButton()).toHaveTextContent('Submit 4 rows');
      expect(confirmButton()).toBeDisabled();
      expect(checkButton()).toBeEnabled();
      expect(
        current()
          .fake.checks.at(-1)
          ?.answer?.errors.map((e) => [e.rowNo, e.code]),
      ).toEqual([
        [3, 'PHONE_INVALID'],
        [3, 'AMOUNT_INVALID'],
        [4, 'DUPLICATE_ROW'],
        [5, 'WALLET_NOT_FOUND'],
      ]);
      expectServerReceived();
    },
    'previewWithErrors.fixed': () => {
      expectPreviewHeading();
      // Fixed in the browser, at once: the totals wait for the next check.
      expect(totals()).toEqual(uncheckedTotals(4));
      expect(content().getByTestId('bulk-error-count')).toHaveTextContent(fill(M.preview.withErrors_one, { count: 1 }));
      expect(shownLines()).toEqual([4]);
      expect(errorsOfLine(4)).toEqual([rowError('DUPLICATE_ROW', { row: 2 })]);
      expect(confirmButton()).toBeDisabled();
      expect(checkButton()).toBeEnabled();
      expectServerReceived();
    },
    'previewWithErrors.dropped': () => {
      expectPreviewHeading();
      expect(totals()).toEqual(uncheckedTotals(3));
      expect(content().getByTestId('bulk-error-count')).toHaveTextContent(
        fill(M.preview.withErrors_other, { count: 2 }),
      );
      expect(shownLines()).toEqual([3, 5]);
      // The server's finding on line 5 stays until line 5 itself changes.
      expect(errorsOfLine(5)).toEqual([rowError('WALLET_NOT_FOUND', { field: 'Phone' })]);
      expect(confirmButton()).toHaveTextContent('Submit 3 rows');
      expect(confirmButton()).toBeDisabled();
      expectServerReceived();
    },
    previewEdited: () => {
      const r = current();
      expectPreviewHeading();
      expect(totals()).toEqual(uncheckedTotals(r.rows.length));
      expect(content().getByText(M.preview.uncheckedEdits)).toBeVisible();
      expect(content().queryByTestId('bulk-error-count')).toBeNull();
      expectRowsShown(r.rows);
      expect(confirmButton()).toHaveTextContent(`Submit ${r.rows.length} rows`);
      expect(confirmButton()).toBeDisabled();
      expect(checkButton()).toBeEnabled();
      expectServerReceived();
    },
    previewReady: () => {
      const r = current();
      expectPreviewHeading();
      expect(totals()).toEqual(checkedTotals(r.rows));
      expect(content().getByText(M.preview.noErrors)).toBeVisible();
      expect(content().queryByTestId('bulk-error-count')).toBeNull();
      expect(queryAlert()).toBeNull();
      expectRowsShown(r.rows);
      expect(confirmButton()).toHaveTextContent(`Submit ${r.rows.length} rows`);
      expect(confirmButton()).toBeEnabled();
      // Nothing changed since the check: nothing to check again.
      expect(checkButton()).toBeDisabled();
      expect(r.fake.checks.at(-1)?.answer).toMatchObject({ errors: [], batchError: null });
      expectServerReceived();
    },
    submitting: () => {
      const r = current();
      expect(confirmButton()).toBeDisabled();
      expect(checkButton()).toBeDisabled();
      const drops = [...contentElement().querySelectorAll('button')].filter((b) => /^Drop line \d+$/.test(nameOf(b)));
      expect(drops).toHaveLength(r.rows.length);
      for (const drop of drops) expect(drop).toBeDisabled();
      // Sent and not answered yet: nothing stored.
      expect(r.api.inFlight).toBeGreaterThanOrEqual(1);
      expect(r.fake.batches).toHaveLength(r.storedBefore);
      expectServerReceived();
    },
    submitFailed: async () => {
      const r = current();
      expect(await findAlert()).toHaveTextContent(NETWORK_ERROR);
      // The preview is kept as it was; the user checks again, then confirms again.
      expect(totals()).toEqual(checkedTotals(r.rows));
      expect(confirmButton()).toBeDisabled();
      expect(checkButton()).toBeEnabled();
      // Lost on the way: nothing stored.
      expect(r.fake.batches).toHaveLength(r.storedBefore);
      expectServerReceived();
    },
    awaitingApproval: async () => {
      const r = current();
      const batch = r.fake.batch(r.batchId ?? '');
      const panel = batchPanel();
      expect(heading(fill(M.batch.title, { name: r.fileName }), batchElement())).toBeVisible();
      expect(panel.getByText(M.batch.status.awaiting_approval)).toBeVisible();
      expect(panel.getByText(M.batch.waiting)).toBeVisible();
      const text = plain(content().getByTestId('bulk-batch').textContent);
      const expected = checkedTotals(r.rows);
      for (const part of [
        `Submitted by${MAKER}`,
        `Paying account${PAYROLL_PAYER.number}`,
        `Rows${r.rows.length}`,
        `Amount${expected.Amount}`,
        `Fees${expected.Fees}`,
      ]) {
        expect(text).toContain(part);
      }
      // The maker cannot approve their own batch: a second person must.
      expect(queryButton(M.batch.approve, batchElement())).toBeNull();
      expect(queryButton(M.batch.reject, batchElement())).toBeNull();
      expect(progressbar(batchElement())).toBeNull();
      // A reload comes back to the batch.
      await waitFor(() => expect(r.app.location().search).toContain(`batch=${r.batchId}`));
      // Stored with the rows as the preview showed them, and nothing paid yet.
      expect(batch.status).toBe('awaiting_approval');
      expect(batch.rows.map((x) => x.row)).toEqual(r.rows);
      expect(batch.rows.every((x) => x.status === 'pending')).toBe(true);
      expect(r.fake.batches).toHaveLength(r.storedBefore + 1);
      await expectBatchList();
      expectServerReceived();
    },
    processing: () => {
      const r = current();
      const batch = r.fake.batch(r.batchId ?? '');
      expect(['queued', 'processing']).toContain(batch.status);
      const done = batch.rows.filter((x) => x.status === 'done').length;
      expectProgress(done, r.rows.length);
      expect(queryButton(M.batch.results)).toBeNull();
    },
    done: async () => {
      const r = current();
      expectProgress(r.rows.length, r.rows.length);
      expect(button(M.batch.results)).toBeEnabled();
      expect(button(M.batch.newFile)).toBeEnabled();
      await expectBatchList();
      const last = r.downloads.at(-1);
      if (!last) return;
      // The file saved is the server's result of every row.
      expect(last.fileName).toBe(`payment-${r.batchId?.slice(0, 8)}-results.csv`);
      const sheet = parseCsv(await last.blob.text());
      expect(sheet[0]).toEqual(['row', 'phone', 'amount', 'reference', 'name', 'status', 'transaction', 'error']);
      expect(sheet.slice(1).map((cells) => cells.slice(0, 6))).toEqual(
        r.rows.map((row) => [
          String(row.rowNo),
          // The server defuses spreadsheet formulas: a leading + is quoted.
          `'${row.values.phone}`,
          row.values.amount,
          row.values.reference,
          row.values.name,
          'done',
        ]),
      );
      for (const cells of sheet.slice(1)) expect(cells[6]).toMatch(/^TX\d+$/);
    },
    failed: async () => {
      const r = current();
      const alert = await findAlert();
      const message = {
        unreadable: M.fileErrors.UNREADABLE,
        missingColumns: fill(M.fileErrors.MISSING_COLUMNS, { columns: 'amount' }),
        rejected: fill(M.batch.rejectedBecause, { checker: CHECKER, reason: REASON }),
      }[r.failure ?? 'unreadable'];
      expect(alert).toHaveTextContent(message);
      expect(button(M.preview.another, alert)).toBeEnabled();
      expect(content().queryByTestId('bulk-totals')).toBeNull();
      if (r.failure === 'rejected') {
        // Rejected: nothing was paid.
        expect(r.fake.batch(r.batchId ?? '').rows.every((x) => x.status === 'pending')).toBe(true);
      } else {
        // A file the browser could not use is never sent, and its worker is ended.
        expect(r.workers.created.at(-1)?.terminated).toBe(true);
      }
      expectServerReceived();
    },
  };

  function expectParsing() {
    const r = current();
    expect(contentElement().querySelector('[role="status"]')).toHaveTextContent(
      fill(M.file.parsing, { name: r.fileName }),
    );
    expect(fileInput()).toBeDisabled();
    expect(content().queryByTestId('bulk-totals')).toBeNull();
    // Read off the main thread, by the page's own worker module.
    const worker = r.workers.created.at(-1);
    // (Vite marks the worker entry with a query.)
    expect(worker?.url).toMatch(/\/src\/features\/bulk\/parse-worker\.ts(\?|$)/);
    expect(worker?.options).toEqual({ type: 'module' });
    expect(worker).toMatchObject({ messages: 1, terminated: false });
    expectServerReceived();
  }

  function expectPreviewHeading() {
    expect(heading(fill(M.preview.title, { name: current().fileName }))).toBeVisible();
  }

  /** With no errors every row is shown, as text (nothing to fix). */
  function expectRowsShown(rows: BulkRow[]) {
    expect(shownLines()).toEqual(rows.map((r) => r.rowNo));
    for (const row of rows) {
      const cells = [...lineRow(row.rowNo).querySelectorAll('td')].map((td) => plain(td.textContent));
      expect(cells.slice(0, 5)).toEqual([
        String(row.rowNo),
        row.values.phone,
        row.values.amount,
        row.values.reference,
        row.values.name,
      ]);
    }
    expect(previewTable().querySelector('input')).toBeNull();
  }

  async function choose(kind: FileKind) {
    const r = current();
    r.uploads += 1;
    const { file, rows } = await fileFor(kind, r.uploads);
    Object.assign(r, { file: kind, fileName: file.name, parsed: rows });
    r.failure = kind === 'unreadable' || kind === 'missingColumns' ? kind : null;
    const hold = r.workers.hold();
    r.releaseWorker = hold.release;
    await r.app.user.upload(fileInput(), file);
    await hold.reached;
  }

  const events = {
    'page.open': async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const api = createFakeApi();
      const fake = installFakeBulk(api);
      const workers = installFakeParseWorker();
      const app = renderApp({
        api,
        signedInAs: 'admin',
        url: '/bulk-payment',
        userEventOptions: { delay: null },
      });
      run = {
        app,
        api,
        fake,
        workers,
        at: 'closed',
        file: null,
        uploads: 0,
        parsed: [],
        fileName: '',
        rows: [],
        failure: null,
        checks: [],
        confirms: [],
        batchId: null,
        storedBefore: 0,
        downloads: [],
      };
      const downloads = run.downloads;
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        const saved = downloads.at(-1);
        if (saved && this.href.startsWith('blob:fake/')) saved.fileName = this.download;
      });
      await waitFor(() => heading('Bulk Payment'), { timeout: 10_000 });
    },
    'file.chooseUnreadable': () => choose('unreadable'),
    'file.chooseMissingColumns': () => choose('missingColumns'),
    'file.chooseWithErrors': () => choose('withErrors'),
    'file.chooseClean': () => choose('clean'),
    'worker.answers': async () => {
      const r = current();
      r.releaseWorker?.();
      r.releaseWorker = undefined;
      if (r.file === 'unreadable' || r.file === 'missingColumns') {
        await findAlert();
        return;
      }
      r.rows = r.parsed;
      // The rows go to the server's check at once, as parsed.
      r.checks.push(requestBody(r));
      await waitForCheck();
    },
    'row.fix': async () => {
      const r = current();
      for (const fix of FIXES) {
        await fixCell(fix.line, fix.label, fix.typed);
        r.rows = r.rows.map((row) =>
          row.rowNo === fix.line
            ? { ...row, values: { ...row.values, [fix.field]: cleanValue(fix.field, fix.typed) } }
            : row,
        );
      }
    },
    'row.drop': async () => {
      const r = current();
      // In a file with errors, the line repeating line 2; in a checked file, its last line.
      const line = r.at === 'previewReady' ? (r.rows.at(-1)?.rowNo ?? 0) : 4;
      await r.app.user.click(button(fill(M.preview.dropRow, { row: line })));
      r.rows = r.rows.filter((row) => row.rowNo !== line);
    },
    'rows.check': async () => {
      const r = current();
      r.checks.push(requestBody(r));
      await r.app.user.click(checkButton());
      await waitForCheck();
    },
    'batch.confirm': async () => {
      const r = current();
      const hold = r.fake.hold('submit');
      r.releaseSubmit = hold.release;
      r.confirms.push(requestBody(r));
      r.storedBefore = r.fake.batches.length;
      await r.app.user.click(confirmButton());
      await hold.reached;
    },
    'batch.confirmAgain': async () => {
      const r = current();
      // The button is disabled while the batch is on its way: clicking it sends nothing more.
      await r.app.user.click(confirmButton());
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    },
    'server.accepts': async () => {
      const r = current();
      r.fake.nextSubmit({ kind: 'accept' });
      r.releaseSubmit?.();
      r.releaseSubmit = undefined;
      await content().findByTestId('bulk-batch');
      r.batchId = r.fake.batches.at(-1)?.id ?? null;
    },
    'server.unreachable': async () => {
      const r = current();
      r.fake.nextSubmit({ kind: 'drop' });
      r.releaseSubmit?.();
      r.releaseSubmit = undefined;
      await findAlert();
    },
    'checker.approve': async () => {
      const r = current();
      r.fake.decide(r.batchId ?? '', 'approve', CHECKER);
      await poll();
      await batchPanel().findByText(M.batch.status.queued);
    },
    'checker.reject': async () => {
      const r = current();
      r.fake.decide(r.batchId ?? '', 'reject', CHECKER, REASON);
      r.failure = 'rejected';
      await poll();
      await findAlert();
    },
    'server.progress': async () => {
      const r = current();
      r.fake.progress(r.batchId ?? '');
      await poll();
      await batchPanel().findByText(M.batch.status.processing);
    },
    'server.finish': async () => {
      const r = current();
      r.fake.finish(r.batchId ?? '');
      await poll();
      await findButton(M.batch.results);
    },
    'result.download': async () => {
      const r = current();
      const before = r.downloads.length;
      await r.app.user.click(button(M.batch.results));
      await vi.waitFor(() => expect(r.downloads.length).toBe(before + 1));
      await waitFor(() => expect(button(M.batch.results)).toBeEnabled());
    },
    'flow.reset': async () => {
      const r = current();
      const another = queryButton(M.batch.newFile) ?? button(M.preview.another);
      await r.app.user.click(another);
      Object.assign(r, { file: null, fileName: '', rows: [], failure: null, batchId: null });
      // The next result file is the next batch's.
      r.downloads.length = 0;
      await content().findByLabelText(/^Choose a CSV or Excel file/);
    },
  };

  const states = Object.fromEntries(
    Object.entries(assertions).map(([name, assert]) => [
      name,
      async () => {
        await assert();
        if (run) run.at = name as BulkUploadModelState;
      },
    ]),
  );

  for (const path of paths) {
    it(path.description, { timeout: PATH_TIMEOUT_MS }, async () => {
      await path.test({ states, events });
      expect(Object.keys(states)).toContain(stateName(path.state));
    });
  }
});
