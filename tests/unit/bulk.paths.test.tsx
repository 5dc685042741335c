/**
 * One bulk payment from file to result (/bulk-payment, as an admin): the generated paths of the
 * real bulk machine (tests/paths/machines/bulk.ts), each run against the whole app in jsdom.
 * Files go in through the real file input; the parsing worker is a stand-in that runs the
 * worker's own job (support/fake-parse-worker.ts), held until the path says how it ends; the
 * fake API answers the contract's shapes and judges rows with the contract's functions
 * (support/fake-bulk.ts). The server's check, submission, batch and decision are held the same
 * way. Another admin's batch waits in the list, to be opened and decided; a second admin's
 * decision and the runner's progress are the fake server's doing, seen on the page's next poll
 * (its setInterval is faked and advanced one poll at a time).
 */
import { act, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BatchStatus, BulkRow } from '../../contract/bulk';
import { XlsxWriter } from '../../server/lib/xlsx-writer';
import { WATCH_INTERVAL_MS } from '../../src/features/bulk/bulk-effects';
import { BULK_MESSAGES } from '../../src/features/bulk/messages';
import {
  generatePaths,
  incompleteSteps,
  missingCoverage,
  type PathStep,
  type PathSteps,
  runPath,
  stepName,
} from '../paths/graph-adapter';
import { bulkGraph } from '../paths/machines/bulk';
import { BULK_WALLETS, type FakeBulk, installFakeBulk, PAYROLL_PAYER } from './support/fake-bulk';
import { type FakeParseWorkers, installFakeParseWorker } from './support/fake-parse-worker';
import { createFakeApi, type FakeApi, failure, type RenderedApp, renderApp, success } from './support/render-app';

const PATH_TIMEOUT_MS = 60_000;
const CHECK = 'bulk/payment/check';
const M = BULK_MESSAGES.en;
const CHECKER = 'Abdoulaye Kane';
const OTHER_ADMIN = { username: 'second-admin', name: 'Mamadou Ndiaye' };
const REASON = 'Wrong month: these are the October salaries';
const SECOND_PAYER = { number: 'PRT-PAYROLL-02', label: 'Sonatel Payroll Dakar' };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const values = (phone: string, amount: string, reference: string, name: string) => ({ phone, amount, reference, name });
const CLEAN_ROWS: BulkRow[] = [
  { rowNo: 2, values: values('+221 77 111 22 33', '25000', 'SAL-DEC-001', 'Awa Diallo') },
  { rowNo: 3, values: values('+221 76 123 45 67', '40000', 'SAL-DEC-002', 'Ibrahima Fall') },
];
/** Line 3 has a bad phone and amount, line 4 repeats line 2, line 5's wallet does not exist. */
const ERRORS_CSV = [
  'téléphone;montant;référence;nom',
  '+221 77 111 22 33;25 000;SAL-NOV-001;Awa Diallo',
  '77 123 45 67;12,5;SAL-NOV-002;Ibrahima Fall',
  '+221 77 111 22 33;25000;SAL-NOV-001;Awa Diallo',
  '+221 70 000 00 09;5000;SAL-NOV-003;Inconnu',
].join('\r\n');

type FileKind = 'clean rows' | 'rows with errors' | 'unreadable' | 'missing columns';

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

async function fileFor(kind: FileKind): Promise<File> {
  switch (kind) {
    case 'clean rows':
      return new File([await workbookOf(CLEAN_ROWS)], 'paie-decembre.xlsx', { type: XLSX_TYPE });
    case 'rows with errors':
      return new File([ERRORS_CSV], 'paie-novembre.csv', { type: 'text/csv' });
    case 'missing columns':
      return new File(['telephone,total,nom\r\n+221 77 111 22 33,25000,Awa Diallo\r\n'], 'paie.csv', {
        type: 'text/csv',
      });
    case 'unreadable':
      // A truncated download: a ZIP signature, then nothing a workbook is made of.
      return new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 0xde, 0xad])], 'salaires.xlsx', {
        type: XLSX_TYPE,
      });
  }
}

interface Run {
  app: RenderedApp;
  api: FakeApi;
  fake: FakeBulk;
  workers: FakeParseWorkers;
  /** Another admin's batch, waiting in the list. */
  seeded: string;
  /** The batch on screen. */
  batchId: string | null;
  fileName: string;
  held: (() => void)[];
  releaseWorker?: () => void;
  /** Why the failed step shows, as the runner's own steps left it. */
  failure: string | null;
}

let run: Run | undefined;
beforeAll(async () => {
  await import('../../src/features/bulk/BulkPage');
}, 60_000);
afterEach(() => {
  run?.releaseWorker?.();
  for (const release of run?.held ?? []) release();
  run?.app.unmount();
  run = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function current(): Run {
  if (!run) throw new Error('The page is not open');
  return run;
}
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key]));
const contentElement = () => document.getElementById('content') ?? document.body;
const content = () => within(contentElement());
/** Controls by the name they give assistive technologies (role queries cost most of a path here). */
function buttonNamed(name: string | RegExp, scope: Element = contentElement()): HTMLButtonElement | null {
  const found = [...scope.querySelectorAll('button')].filter((b) => {
    const text = plain(b.getAttribute('aria-label') ?? b.textContent);
    return typeof name === 'string' ? text === name : name.test(text);
  });
  return found[0] ?? null;
}
function button(name: string | RegExp, scope?: Element): HTMLButtonElement {
  const found = buttonNamed(name, scope);
  if (!found) throw new Error(`No button named ${name} in:\n${plain(contentElement().textContent)}`);
  return found;
}
const fileInput = () => content().queryByLabelText(/^Choose a CSV or Excel file/) as HTMLInputElement | null;
const confirmButton = () => button(/^Submit \d+ rows?$/);
const alert = () => contentElement().querySelector<HTMLElement>('[role="alert"]');
const batchPanel = () => content().queryByTestId('bulk-batch');
const click = (element: Element) => current().app.user.click(element);

/** Holds the next request to `path`, made by `cause`. */
async function holding(path: string, cause: () => Promise<unknown>) {
  const r = current();
  const hold = r.api.hold(path);
  r.held.push(hold.release);
  await cause();
  await hold.reached;
}
async function releaseAll() {
  const r = current();
  const held = r.held.splice(0);
  await act(async () => {
    for (const release of held) release();
  });
}

/** What the server's check answers, for the outcome the next step names (else its own judgement). */
function prepareCheck(next: PathStep | undefined) {
  const r = current();
  const name = next ? stepName(next) : '';
  if (name === 'checkRows.error(no answer)')
    r.api.answerNext(CHECK, () => {
      throw new TypeError('Failed to fetch');
    });
  if (name === 'checkRows.done(unknown wallet)')
    r.api.answerNext(CHECK, () => ({
      body: success({
        errors: [{ rowNo: 2, field: 'phone', code: 'WALLET_NOT_FOUND' }],
        warnings: [],
        batchError: null,
        totals: { rows: 1, payable: 0, amount: 0, fees: 0 },
      }),
    }));
}

/** The next poll of the batch: one tick of the page's watch interval. */
async function poll() {
  await act(async () => {
    vi.advanceTimersByTime(WATCH_INTERVAL_MS);
  });
  await current().api.idle();
}

/** Brings the batch on screen to `status`, as the checker and the runner would. */
function bring(id: string, status: BatchStatus) {
  const { fake } = current();
  const batch = fake.batch(id);
  if (status === 'awaiting_approval') return;
  if (batch.status === 'awaiting_approval')
    fake.decide(id, status === 'rejected' ? 'reject' : 'approve', CHECKER, REASON);
  if (status === 'processing') fake.progress(id, 1);
  if (status === 'done') fake.finish(id);
}

async function expectPreview() {
  expect(await content().findByText(fill(M.preview.title, { name: current().fileName }))).toBeVisible();
}

describe('bulk machine: generated paths in jsdom', () => {
  const generated = generatePaths(bulkGraph);

  const steps: PathSteps = {
    async start() {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const api = createFakeApi();
      const fake = installFakeBulk(api);
      // Two employer accounts, so the payer can be changed.
      api.on('GET', 'bulk/payment/payers', () => ({
        body: success({
          own: null,
          partners: [
            { number: PAYROLL_PAYER.number, label: PAYROLL_PAYER.label },
            { number: SECOND_PAYER.number, label: SECOND_PAYER.label },
          ],
        }),
      }));
      const seeded = fake.seed(OTHER_ADMIN, 'paie-octobre.csv', [
        { rowNo: 2, values: values('+221 78 555 12 34', '30000', 'SAL-OCT-001', 'Khady Sarr') },
      ]);
      const workers = installFakeParseWorker();
      const app = renderApp({ api, signedInAs: 'admin', url: '/bulk-payment', userEventOptions: { delay: null } });
      run = { app, api, fake, workers, seeded: seeded.id, batchId: null, fileName: '', held: [], failure: null };
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      // With two accounts none is preselected: the admin picks the first.
      const payer = await content().findByLabelText(M.source.label, undefined, { timeout: 10_000 });
      await app.user.selectOptions(payer, PAYROLL_PAYER.number);
      await waitFor(() => button(fill(M.list.openBatch, { name: 'paie-octobre.csv' })));
    },
    states: {
      async idle() {
        const r = current();
        await waitFor(() => expect(fileInput()).toBeEnabled());
        expect(content().queryByTestId('bulk-totals')).toBeNull();
        expect(batchPanel()).toBeNull();
        await waitFor(() => expect(r.app.location().search).not.toContain('batch='));
      },
      async parsing() {
        const r = current();
        expect(content().getByText(fill(M.file.parsing, { name: r.fileName }))).toBeVisible();
        expect(fileInput()).toBeDisabled();
        expect(r.workers.created.at(-1)).toMatchObject({ messages: 1, terminated: false });
      },
      async 'preview.checking'() {
        await expectPreview();
        expect(content().getByText(M.preview.checking)).toBeVisible();
        expect(confirmButton()).toBeDisabled();
        expect(current().api.callsTo(CHECK, 'POST').length).toBeGreaterThan(0);
      },
      async 'preview.editing'() {
        await expectPreview();
        await waitFor(() => expect(content().queryByText(M.preview.checking)).toBeNull());
        // Errors, edits since the check, or a check that did not go through: nothing to submit yet.
        expect(confirmButton()).toBeDisabled();
        expect(content().queryByText(M.preview.noErrors)).toBeNull();
      },
      async 'preview.ready'() {
        await expectPreview();
        await waitFor(() => expect(content().getByText(M.preview.noErrors)).toBeVisible());
        expect(confirmButton()).toBeEnabled();
        expect(button(M.preview.check)).toBeDisabled();
        expect(alert()).toBeNull();
      },
      async submitting() {
        const r = current();
        expect(confirmButton()).toBeDisabled();
        expect(button(M.preview.check)).toBeDisabled();
        expect(r.fake.batches).toHaveLength(1);
      },
      async loadingBatch() {
        const r = current();
        expect(r.api.callsTo(`bulk-batches/${r.seeded}`, 'GET').length).toBeGreaterThan(0);
        expect(fileInput()).toBeNull();
      },
      async awaitingApproval() {
        const r = current();
        const panel = await content().findByTestId('bulk-batch');
        expect(within(panel).getByText(M.batch.status.awaiting_approval)).toBeVisible();
        expect(within(panel).getByText(M.batch.waiting)).toBeVisible();
        // A second person decides; the maker gets no buttons.
        const mine = r.batchId !== r.seeded;
        expect(buttonNamed(M.batch.approve, panel) === null).toBe(mine);
        await waitFor(() => expect(r.app.location().search).toContain(`batch=${r.batchId}`));
      },
      async deciding() {
        const panel = content().getByTestId('bulk-batch');
        expect(current().api.inFlight).toBeGreaterThan(0);
        const approve = buttonNamed(M.batch.approve, panel);
        if (approve) expect(approve).toBeDisabled();
      },
      async processing() {
        const panel = await content().findByTestId('bulk-batch');
        await waitFor(() => expect(panel.querySelector('[role="progressbar"]')).not.toBeNull());
        expect(buttonNamed(M.batch.results)).toBeNull();
      },
      async done() {
        const panel = await content().findByTestId('bulk-batch');
        await waitFor(() => expect(within(panel).getByText(M.batch.status.done)).toBeVisible());
        expect(button(M.batch.results)).toBeEnabled();
        expect(button(M.batch.newFile)).toBeEnabled();
      },
      async failed() {
        const r = current();
        await waitFor(() => expect(alert()).toHaveTextContent(r.failure ?? ''));
        expect(button(M.preview.another, alert() as HTMLElement)).toBeEnabled();
        expect(content().queryByTestId('bulk-totals')).toBeNull();
      },
    },
    events: {
      async 'bulk.file.selected'({ next }) {
        const r = current();
        const kind = (next?.name.startsWith('parseFile') ? next.label : 'clean rows') as FileKind;
        const file = await fileFor(kind);
        r.fileName = file.name;
        r.failure = {
          unreadable: M.fileErrors.UNREADABLE,
          'missing columns': fill(M.fileErrors.MISSING_COLUMNS, { columns: 'amount' }),
        }[kind as string] as string;
        const hold = r.workers.hold();
        r.releaseWorker = hold.release;
        const input = fileInput();
        if (!input) throw new Error('No file input');
        await r.app.user.upload(input, file);
        await hold.reached;
      },
      async 'parseFile.done'({ next }) {
        const r = current();
        // The rows go to the server's check at once: held until the path says how it ends.
        prepareCheck(next);
        await holding(CHECK, async () => {
          r.releaseWorker?.();
          r.releaseWorker = undefined;
        });
      },
      async 'parseFile.error'() {
        const r = current();
        r.releaseWorker?.();
        r.releaseWorker = undefined;
        await waitFor(() => expect(alert()).not.toBeNull());
      },
      'checkRows.done': releaseAll,
      'checkRows.error': releaseAll,
      async 'bulk.check'({ next }) {
        prepareCheck(next);
        await holding(CHECK, () => click(button(M.preview.check)));
      },
      async 'bulk.row.edit'() {
        // Every row with an error is put right: a wallet that exists, a valid amount, its own reference.
        const r = current();
        const lines = [...contentElement().querySelectorAll('tbody tr[data-row]')]
          .map((tr) => Number((tr as HTMLElement).dataset.row))
          .filter((line) => content().queryByLabelText(`Phone, ${M.preview.line} ${line}`));
        for (const [i, line] of lines.entries()) {
          const wallet = BULK_WALLETS[i % BULK_WALLETS.length];
          for (const [label, typed] of [
            ['Phone', wallet?.phone ?? ''],
            ['Amount (XOF)', '15 000'],
            ['Reference', `FIX-${line}`],
          ] as const) {
            // A field put right leaves edit mode with its row: the rest of that row is done.
            const input = content().queryByLabelText(`${label}, ${M.preview.line} ${line}`);
            if (!input) continue;
            await r.app.user.clear(input);
            await r.app.user.type(input, typed);
            await r.app.user.keyboard('{Enter}');
          }
        }
        expect(lines.length).toBeGreaterThan(0);
      },
      async 'bulk.row.drop'() {
        await click(button(/^Drop line \d+$/));
      },
      async 'bulk.rows.dropInvalid'() {
        await click(button(M.preview.dropInvalid));
      },
      async 'bulk.source.change'() {
        const r = current();
        await r.app.user.selectOptions(content().getByLabelText(M.source.label), SECOND_PAYER.number);
      },
      async 'bulk.confirm'({ next }) {
        const r = current();
        const name = next ? stepName(next) : '';
        if (name === 'submitBatch.error(rows invalid)')
          r.fake.nextSubmit({
            kind: 'refuse',
            status: 422,
            code: 'BULK_ROWS_INVALID',
            message: 'Some rows are not valid any more.',
          });
        else if (name === 'submitBatch.error(no answer)') r.fake.nextSubmit({ kind: 'drop' });
        else r.fake.nextSubmit({ kind: 'accept' });
        const hold = r.fake.hold('submit');
        r.held.push(hold.release);
        await click(confirmButton());
        await hold.reached;
      },
      async 'submitBatch.done'() {
        const r = current();
        await releaseAll();
        await content().findByTestId('bulk-batch');
        r.batchId = r.fake.batches.at(-1)?.id ?? null;
      },
      async 'submitBatch.error'({ step, next }) {
        if (step.label === 'rows invalid') {
          // The page checks again at once, to show which rows.
          prepareCheck(next);
          const held = current().held.splice(0);
          await holding(CHECK, () =>
            act(async () => {
              for (const release of held) release();
            }),
          );
        } else {
          await releaseAll();
          await waitFor(() => expect(alert()).not.toBeNull());
        }
      },
      async 'bulk.batch.open'() {
        const r = current();
        r.batchId = r.seeded;
        await holding(`bulk-batches/${r.seeded}`, () =>
          click(button(fill(M.list.openBatch, { name: 'paie-octobre.csv' }))),
        );
      },
      async 'loadBatch.done'({ step }) {
        const r = current();
        bring(r.seeded, step.label as BatchStatus);
        if (step.label === 'rejected') r.failure = fill(M.batch.rejectedBecause, { checker: CHECKER, reason: REASON });
        await releaseAll();
        if (step.label === 'rejected') await waitFor(() => expect(alert()).not.toBeNull());
        else await content().findByTestId('bulk-batch');
      },
      async 'loadBatch.error'() {
        const r = current();
        r.api.answerNext(`bulk-batches/${r.seeded}`, () => ({
          status: 404,
          body: failure('BATCH_NOT_FOUND', 'There is no batch with this id that you may see.'),
        }));
        r.failure = 'There is no batch with this id that you may see.';
        await releaseAll();
      },
      async 'bulk.batch.updated'({ step }) {
        const r = current();
        const id = r.batchId ?? '';
        const status = step.label as BatchStatus;
        if (status === 'queued' && r.fake.batch(id).status !== 'awaiting_approval') bring(id, 'processing');
        else bring(id, status);
        if (status === 'rejected') r.failure = fill(M.batch.rejectedBecause, { checker: CHECKER, reason: REASON });
        await poll();
      },
      async 'bulk.decide'({ step }) {
        const r = current();
        const path = `bulk-batches/${r.seeded}/decision`;
        const panel = content().getByTestId('bulk-batch');
        if (step.label === 'approve') {
          await holding(path, () => click(button(M.batch.approve, panel)));
          return;
        }
        await click(button(M.batch.reject, panel));
        await r.app.user.type(within(panel).getByLabelText(M.batch.reason), REASON);
        await holding(path, () => click(button(M.batch.confirmReject, panel)));
      },
      async 'decideBatch.done'({ step }) {
        const r = current();
        // The server's answer decides the page's way: the batch as it now is.
        bring(r.seeded, step.label === 'rejected' ? 'rejected' : 'queued');
        r.api.answerNext(`bulk-batches/${r.seeded}/decision`, () => ({
          body: success(r.fake.viewForChecker(r.seeded)),
        }));
        if (step.label === 'rejected') r.failure = fill(M.batch.rejectedBecause, { checker: CHECKER, reason: REASON });
        await releaseAll();
        await r.api.idle();
      },
      async 'decideBatch.error'() {
        const r = current();
        r.api.answerNext(`bulk-batches/${r.seeded}/decision`, () => ({
          status: 409,
          body: failure('BATCH_ALREADY_DECIDED', 'This batch is no longer waiting.'),
        }));
        await releaseAll();
        expect(await content().findByText('This batch is no longer waiting.')).toBeVisible();
      },
      async 'bulk.reset'() {
        const r = current();
        await click(buttonNamed(M.batch.newFile) ?? button(M.preview.another));
        Object.assign(r, { batchId: null, failure: null, fileName: '' });
      },
    },
  };

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, steps)).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, steps));
  }
});
