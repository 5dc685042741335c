/**
 * The step table of one bulk payment from file to result (/bulk-payment, as an admin; the graph
 * is tests/paths/machines/bulk.ts), written against the shared driver so one table can serve
 * jsdom (tests/unit/bulk.paths.test.tsx) and Chromium. Files go in through the real file input
 * and the parsing's answer is held (`world.holdParse`); the check, the submission, the batch and
 * the decision are held until the path says how they end. Another admin's batch waits in the
 * list, to be opened and decided; a second admin's decision and the runner's progress are the
 * world's doing (`world.move`), seen on the page's next poll (`world.poll`).
 *
 * Answered in the server's place: a check that finds a wallet no one has (the file's rows are
 * chosen before the path says how the check ends), a submission refused because rows went bad
 * meanwhile, a batch that is not found, a refused decision, a decision's answer (the batch as the
 * world left it: rejected after an approval, if the path says so), and every request with no answer.
 */
import type { BatchStatus } from '../../../contract/bulk';
import { BULK_MESSAGES } from '../../../src/features/bulk/messages';
import type { Driver, HeldAnswer, HeldRequest, Target } from '../driver';
import { type PathStep, type PathSteps, stepName } from '../graph-adapter';
import { type BulkFile, type FileKind, fileFor } from './bulk-files';

const M = BULK_MESSAGES.en;
const CHECK = 'bulk/payment/check';
const REASON = 'Wrong month: these are the October salaries';

/** The shared driver, and what each runner does its own way: a drop-down, a file, a count, the URL. */
export interface BulkDriver extends Driver {
  /** Chooses the option whose value is `value` in the drop-down list `target`. */
  selectOption(target: Target, value: string): Promise<void>;
  /** Puts `file` in the file input `target`. */
  upload(target: Target, file: BulkFile): Promise<void>;
  /** How many elements match `target` now (no waiting). */
  count(target: Target): Promise<number>;
  /** The page's address (path and query) matches `pattern`, or with `has` false does not. */
  expectUrl(pattern: RegExp, has?: boolean): Promise<void>;
}

/** What only the runner knows: the demo data, the parsing, who moves a batch on, and time. */
export interface BulkWorld {
  /** The admin who uploads (and decides the other admin's batch). */
  user: string;
  /** Two paying accounts the admin may choose (option values): the first is picked at the start. */
  payers: readonly [string, string];
  /** Wallets that exist, phone as the ledger stores it (+221XXXXXXXXX); at least two. */
  wallets: readonly { phone: string; name: string }[];
  /** Makes this path's files unlike any other the server has seen (one server for every path). */
  fileTag?: string;
  /** Another admin's batch, waiting for approval. */
  seeded(): { id: string; fileName: string };
  /**
   * Holds the next submission (a POST to bulk/payment/batches: the list of batches, read again
   * as the page moves on, is a GET to the same address, so the driver's `hold` cannot tell them
   * apart). Released as `Driver.hold`'s requests are.
   */
  holdSubmission(): HeldRequest;
  /** Holds the next answer of the file's parsing (in Chromium, letting it go is a round trip). */
  holdParse(): { reached: Promise<void>; release(): void | Promise<void> };
  /** The id of the batch the user just submitted. */
  ownBatch(): Promise<string>;
  /**
   * Moves a batch on as the checker and the runner would: `queued` approves a waiting batch, or
   * lets the runner pay one more row of a queued one; `rejected` rejects it with `reason`.
   */
  move(id: string, status: BatchStatus, checker: string, reason: string): Promise<void>;
  /** The batch as the server shows it to the checker now. */
  view(id: string): Promise<unknown>;
  /** The display name of the checker who decides in `move`. */
  checker: string;
  /** The page's next poll of the batch on screen. */
  poll(): Promise<void>;
}

const refusal = (status: number, code: string, longMessage: string): HeldAnswer => ({
  status,
  body: { status: false, errors: [{ code, shortMessage: code.replaceAll('_', ' '), longMessage }] },
});
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key]));
const MAIN: Target = { role: 'main' };
const PANEL: Target = { testId: 'bulk-batch' };
const ALERT: Target = { role: 'alert', in: MAIN };
const FILE_INPUT: Target = { label: /^Choose a CSV or Excel file/, in: MAIN };
const TOTALS: Target = { testId: 'bulk-totals' };
const CONFIRM: Target = { role: 'button', name: /^Submit \d+ rows?$/, in: MAIN };
const CHECK_AGAIN: Target = { role: 'button', name: M.preview.check, in: MAIN };
const APPROVE: Target = { role: 'button', name: M.batch.approve, in: PANEL };
const NEW_FILE: Target = { role: 'button', name: M.batch.newFile, in: MAIN };
const openBatch = (fileName: string): Target => ({
  role: 'button',
  name: fill(M.list.openBatch, { name: fileName }),
  in: MAIN,
});
const field = (label: string, line: number): Target => ({ label: `${label}, ${M.preview.line} ${line}`, in: MAIN });

export function bulkSteps(driver: BulkDriver, world: BulkWorld): PathSteps {
  /** Requests held in flight, oldest first. */
  let held: HeldRequest[] = [];
  /** How the held check is to end: the server's own judgement unless the path says otherwise. */
  let checkAnswer: HeldAnswer | 'no answer' | undefined;
  let parse: ReturnType<BulkWorld['holdParse']> | undefined;
  /** What the user expects, from the steps taken so far. */
  let fileName = '';
  let lines: number[] = [];
  let batchId: string | null = null;
  let failure = '';

  const rejectedText = () => fill(M.batch.rejectedBecause, { checker: world.checker, reason: REASON });

  async function holding(path: string, cause: () => Promise<void>) {
    const request = driver.hold(path);
    held.push(request);
    await cause();
    await request.reached;
  }
  async function releaseAll(answer?: HeldAnswer | 'no answer') {
    const requests = held;
    held = [];
    for (const request of requests) await request.release(answer);
  }
  function expectHeld() {
    if (driver.held() === 0) throw new Error('No request is in flight');
  }

  /** How the next check ends, for the outcome the next step names. */
  function prepareCheck(next: PathStep | undefined) {
    const name = next ? stepName(next) : '';
    checkAnswer = undefined;
    if (name === 'checkRows.error(no answer)') checkAnswer = 'no answer';
    if (name === 'checkRows.done(unknown wallet)')
      checkAnswer = {
        body: {
          status: true,
          payload: {
            errors: [{ rowNo: 2, field: 'phone', code: 'WALLET_NOT_FOUND' }],
            warnings: [],
            batchError: null,
            totals: { rows: 1, payable: 0, amount: 0, fees: 0 },
          },
        },
      };
  }
  async function releaseCheck() {
    const answer = checkAnswer;
    checkAnswer = undefined;
    await releaseAll(answer);
  }

  async function expectPreview() {
    await driver.expectVisible({ text: fill(M.preview.title, { name: fileName }), in: MAIN });
  }

  return {
    async start() {
      held = [];
      checkAnswer = undefined;
      parse = undefined;
      fileName = '';
      lines = [];
      batchId = null;
      failure = '';
      await driver.open(world.user, '/bulk-payment');
      // With two accounts none is preselected: the admin picks the first.
      await driver.selectOption({ label: M.source.label, in: MAIN }, world.payers[0]);
      await driver.expectVisible(openBatch(world.seeded().fileName));
    },
    states: {
      async idle() {
        await driver.expectEnabled(FILE_INPUT);
        await driver.expectAbsent(TOTALS);
        await driver.expectAbsent(PANEL);
        await driver.expectUrl(/batch=/, false);
      },
      async parsing() {
        await driver.expectVisible({ text: fill(M.file.parsing, { name: fileName }), in: MAIN });
        await driver.expectEnabled(FILE_INPUT, false);
      },
      async 'preview.checking'() {
        await expectPreview();
        await driver.expectVisible({ text: M.preview.checking, in: MAIN });
        await driver.expectEnabled(CONFIRM, false);
        expectHeld();
      },
      async 'preview.editing'() {
        await expectPreview();
        await driver.expectAbsent({ text: M.preview.checking, in: MAIN });
        // Errors, edits since the check, or a check that did not go through: nothing to submit yet.
        await driver.expectEnabled(CONFIRM, false);
        await driver.expectAbsent({ text: M.preview.noErrors, in: MAIN });
      },
      async 'preview.ready'() {
        await expectPreview();
        await driver.expectVisible({ text: M.preview.noErrors, in: MAIN });
        await driver.expectEnabled(CONFIRM);
        await driver.expectEnabled(CHECK_AGAIN, false);
        await driver.expectAbsent(ALERT);
      },
      async submitting() {
        await driver.expectEnabled(CONFIRM, false);
        await driver.expectEnabled(CHECK_AGAIN, false);
        // Nothing is stored yet: no batch on screen.
        await driver.expectAbsent(PANEL);
      },
      async loadingBatch() {
        expectHeld();
        await driver.expectAbsent(FILE_INPUT);
      },
      async awaitingApproval() {
        await driver.expectVisible({ text: M.batch.status.awaiting_approval, in: PANEL });
        await driver.expectVisible({ text: M.batch.waiting, in: PANEL });
        // A second person decides; the maker gets no buttons.
        if (batchId === world.seeded().id) await driver.expectVisible(APPROVE);
        else await driver.expectAbsent(APPROVE);
        await driver.expectUrl(new RegExp(`batch=${batchId}`));
      },
      async deciding() {
        await driver.expectVisible(PANEL);
        expectHeld();
        if (await driver.count(APPROVE)) await driver.expectEnabled(APPROVE, false);
      },
      async processing() {
        await driver.expectVisible({ role: 'progressbar', in: PANEL });
        await driver.expectAbsent({ role: 'button', name: M.batch.results, in: MAIN });
      },
      async done() {
        await driver.expectVisible({ text: M.batch.status.done, in: PANEL });
        await driver.expectEnabled({ role: 'button', name: M.batch.results, in: MAIN });
        await driver.expectEnabled(NEW_FILE);
      },
      async failed() {
        await driver.expectText(ALERT, failure);
        await driver.expectEnabled({ role: 'button', name: M.preview.another, in: ALERT });
        await driver.expectAbsent(TOTALS);
      },
    },
    events: {
      async 'bulk.file.selected'({ next }) {
        const kind = (next?.name.startsWith('parseFile') ? next.label : 'clean rows') as FileKind;
        const file = await fileFor(kind, world.wallets, world.fileTag);
        fileName = file.name;
        lines = file.lines;
        if (kind === 'unreadable') failure = M.fileErrors.UNREADABLE;
        if (kind === 'missing columns') failure = fill(M.fileErrors.MISSING_COLUMNS, { columns: 'amount' });
        parse = world.holdParse();
        await driver.upload(FILE_INPUT, file);
        await parse.reached;
      },
      async 'parseFile.done'({ next }) {
        // The rows go to the server's check at once: held until the path says how it ends.
        prepareCheck(next);
        await holding(CHECK, async () => {
          await parse?.release();
          parse = undefined;
        });
      },
      async 'parseFile.error'() {
        await parse?.release();
        parse = undefined;
        await driver.expectVisible(ALERT);
      },
      'checkRows.done': releaseCheck,
      'checkRows.error': releaseCheck,
      async 'bulk.check'({ next }) {
        prepareCheck(next);
        await holding(CHECK, () => driver.click(CHECK_AGAIN));
      },
      async 'bulk.row.edit'() {
        // Every row with an error is put right: a wallet that exists, a valid amount, its own reference.
        let edited = 0;
        for (const line of lines) {
          if (!(await driver.count(field('Phone', line)))) continue;
          const wallet = world.wallets[edited % world.wallets.length];
          edited += 1;
          for (const [label, typed] of [
            ['Phone', wallet?.phone ?? ''],
            ['Amount (XOF)', '15 000'],
            ['Reference', `FIX-${line}`],
          ] as const) {
            // A field put right leaves edit mode with its row: the rest of that row is done.
            if (!(await driver.count(field(label, line)))) continue;
            await driver.fill(field(label, line), typed);
            await driver.press(field(label, line), 'Enter');
          }
        }
        if (edited === 0) throw new Error('No row has a field to put right');
      },
      async 'bulk.row.drop'() {
        for (const line of lines) {
          const drop: Target = { role: 'button', name: fill(M.preview.dropRow, { row: line }), in: MAIN };
          if (!(await driver.count(drop))) continue;
          await driver.click(drop);
          return;
        }
        throw new Error('No row can be dropped');
      },
      async 'bulk.rows.dropInvalid'() {
        await driver.click({ role: 'button', name: M.preview.dropInvalid, in: MAIN });
      },
      async 'bulk.source.change'() {
        await driver.selectOption({ label: M.source.label, in: MAIN }, world.payers[1]);
      },
      async 'bulk.confirm'() {
        const request = world.holdSubmission();
        held.push(request);
        await driver.click(CONFIRM);
        await request.reached;
      },
      async 'submitBatch.done'() {
        await releaseAll();
        await driver.expectVisible(PANEL);
        batchId = await world.ownBatch();
      },
      async 'submitBatch.error'({ step, next }) {
        if (step.label === 'rows invalid') {
          // The page checks again at once, to show which rows.
          prepareCheck(next);
          const submission = held;
          held = [];
          const invalid = refusal(422, 'BULK_ROWS_INVALID', 'Some rows are not valid any more.');
          await holding(CHECK, async () => {
            for (const request of submission) await request.release(invalid);
          });
        } else {
          await releaseAll('no answer');
          await driver.expectVisible(ALERT);
        }
      },
      async 'bulk.batch.open'() {
        const seeded = world.seeded();
        batchId = seeded.id;
        await holding(`bulk-batches/${seeded.id}`, () => driver.click(openBatch(seeded.fileName)));
      },
      async 'loadBatch.done'({ step }) {
        const status = step.label as BatchStatus;
        await world.move(world.seeded().id, status, world.checker, REASON);
        await releaseAll();
        if (status === 'rejected') {
          failure = rejectedText();
          await driver.expectVisible(ALERT);
        } else await driver.expectVisible(PANEL);
      },
      async 'loadBatch.error'() {
        failure = 'There is no batch with this id that you may see.';
        await releaseAll(refusal(404, 'BATCH_NOT_FOUND', failure));
      },
      async 'bulk.batch.updated'({ step }) {
        const status = step.label as BatchStatus;
        await world.move(batchId ?? '', status, world.checker, REASON);
        if (status === 'rejected') failure = rejectedText();
        await world.poll();
      },
      async 'bulk.decide'({ step }) {
        const path = `bulk-batches/${world.seeded().id}/decision`;
        if (step.label === 'approve') {
          await holding(path, () => driver.click(APPROVE));
          return;
        }
        await driver.click({ role: 'button', name: M.batch.reject, in: PANEL });
        await driver.fill({ label: M.batch.reason, in: PANEL }, REASON);
        await holding(path, () => driver.click({ role: 'button', name: M.batch.confirmReject, in: PANEL }));
      },
      async 'decideBatch.done'({ step }) {
        // The server's answer decides the page's way: the batch as it now is.
        const { id } = world.seeded();
        const rejected = step.label === 'rejected';
        await world.move(id, rejected ? 'rejected' : 'queued', world.checker, REASON);
        if (rejected) failure = rejectedText();
        await releaseAll({ body: { status: true, payload: await world.view(id) } });
      },
      async 'decideBatch.error'() {
        await releaseAll(refusal(409, 'BATCH_ALREADY_DECIDED', 'This batch is no longer waiting.'));
        await driver.expectVisible({ text: 'This batch is no longer waiting.', in: MAIN });
      },
      async 'bulk.reset'() {
        await driver.click(
          (await driver.count(NEW_FILE)) ? NEW_FILE : { role: 'button', name: M.preview.another, in: MAIN },
        );
        batchId = null;
        failure = '';
        fileName = '';
      },
    },
  };
}
