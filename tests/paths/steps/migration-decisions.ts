/**
 * The step table of /migration's wallet changes waiting for a decision (the graph is
 * migrationDecisionsGraph in tests/paths/machines/queues.ts), run in jsdom by
 * tests/unit/migration-decisions.paths.test.tsx over a small stateful fake server. The pending
 * list's loads are held by the runner (`holdList`: the history shares their address), a
 * decision by the driver; a list's server error and a decision's refusal are answered in the
 * server's place. "Asked on the page" is a wallet change asked for in the form further down.
 */
import { REASON_MIN } from '../../../contract/reasons';
import { enKit } from '../../../src/i18n/kit-en';
import { en, said } from '../../messages';
import type { HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import type { SelectingDriver } from './approvals';

const M = en.migration;
const D = M.decisions;
const REASON = 'The holder called back';
const PAGE_SIZE = 10;

/** A wallet change the checker may decide, as the page lists it. */
export interface ListedChange {
  id: number;
  number: string;
  name: string;
}

/** What only the runner knows: who decides, what the server lists, and how its list is held. */
export interface MigrationDecisionsWorld {
  checker: string;
  /** The changes the checker may decide on a page, in the page's order. */
  listed(page: number, pageSize: number): ListedChange[];
  /** Holds the next load of the pending list. */
  holdList(): HeldRequest;
  /** A wallet the checker may ask a change of, and a new phone for it. */
  wallet: { number: string; newPhone: string };
  /** How many decisions the page has sent. */
  decisionsSent(): number;
}

const failureAnswer = (status: number, code: string, message: string): HeldAnswer => ({
  status,
  body: { status: false, errors: [{ code, shortMessage: code, longMessage: message }] },
});

const MAIN: Target = { role: 'main' };
const SECTION: Target = { role: 'region', name: D.title, in: MAIN };
const PAGER: Target = { role: 'navigation', name: enKit.reports.pager.label, in: SECTION };
const DIALOG: Target = { role: 'dialog' };
const OUTCOME: Target = { testId: 'migration-decision-outcome' };
const label = (text: string) => new RegExp(`^${text.replace(/[()]/g, '\\$&')}`);

/** Asks for a wallet's move to a new phone in the form below the list (the page's own flow). */
export async function askPhoneChange(driver: SelectingDriver, wallet: { number: string; newPhone: string }) {
  await driver.fill({ label: label(M.find.label), in: MAIN }, wallet.number);
  await driver.click({ role: 'button', name: M.find.button, in: MAIN });
  await driver.fill({ label: label(M.form.newPhone), in: MAIN }, wallet.newPhone);
  await driver.fill({ label: label(M.form.reason), in: MAIN }, 'Lost the SIM card');
  await driver.click({ role: 'button', name: M.form.review, in: MAIN });
  await driver.click({ role: 'button', name: M.review.confirm, in: MAIN });
}

export function migrationDecisionsSteps(driver: SelectingDriver, world: MigrationDecisionsWorld): PathSteps {
  let held: HeldRequest[] = [];
  let rows: ListedChange[] = [];
  /** What the user expects on screen, from the steps taken so far. */
  let query = { page: 1, pageSize: PAGE_SIZE };
  let shown = false;
  let pending: { decision: 'approve' | 'reject'; row: ListedChange } | null = null;
  let reason = '';
  let reasonRefused = false;
  let decisionFailed = false;
  let outcome: ListedChange | null = null;

  const first = () => {
    const row = rows[0];
    if (!row) throw new Error('The page lists no change the checker may decide');
    return row;
  };
  async function holding(cause: () => Promise<void>) {
    const request = world.holdList();
    held.push(request);
    await cause();
    await request.reached;
  }
  async function releaseAll(answer?: HeldAnswer) {
    const requests = held;
    held = [];
    for (const request of requests) await request.release(answer);
  }
  async function expectOutcome() {
    if (outcome) await driver.expectText(OUTCOME, `${outcome.name} (${outcome.number})`);
    else await driver.expectAbsent(OUTCOME);
  }
  const reasonField = (): Target => ({
    label: label(pending?.decision === 'approve' ? D.decisionReasonOptional : D.decisionReason),
    in: DIALOG,
  });

  return {
    async start() {
      held = [];
      rows = [];
      query = { page: 1, pageSize: PAGE_SIZE };
      shown = false;
      pending = null;
      reason = '';
      outcome = null;
      await holding(() => driver.open(world.checker, '/migration'));
    },
    states: {
      async loading() {
        // The first load says so; later ones keep the rows, the list marked busy.
        if (shown) await driver.expectAttribute(SECTION, 'aria-busy', 'true');
        else await driver.expectVisible({ text: D.loading, in: SECTION });
        await driver.expectAbsent(DIALOG);
        await expectOutcome();
      },
      async failed() {
        await driver.expectVisible({ text: D.failed, in: SECTION });
        await driver.expectVisible({ role: 'button', name: D.retry, in: SECTION });
        await driver.expectAbsent({ testId: 'migration-decisions' });
        await expectOutcome();
      },
      async ready() {
        await driver.expectAbsent(DIALOG);
        await driver.expectAttribute(SECTION, 'aria-busy', 'false');
        await driver.expectVisible({ role: 'button', name: said(D.approveNamed, { number: first().number }) });
        // One page holds them all at 25 a page: no pager then.
        if (query.pageSize === PAGE_SIZE) await driver.expectVisible(PAGER);
        else await driver.expectAbsent(PAGER);
        await expectOutcome();
      },
      async confirming() {
        const approving = pending?.decision === 'approve';
        await driver.expectVisible({ role: 'dialog', name: approving ? D.approveTitle : D.rejectTitle });
        await driver.expectText(DIALOG, `(${pending?.row.number})`);
        await driver.expectValue(reasonField(), reason);
        const refused: Target = { text: said(D.reasonProblem, { min: REASON_MIN }), in: DIALOG };
        if (reasonRefused) await driver.expectVisible(refused);
        else await driver.expectAbsent(refused);
        if (decisionFailed) await driver.expectText({ role: 'alert', in: DIALOG }, D.errors.MIGRATION_ALREADY_DECIDED);
        else await driver.expectAbsent({ role: 'alert', in: DIALOG });
        await driver.expectAbsent(OUTCOME);
      },
      async deciding() {
        await driver.expectVisible({ role: 'button', name: D.working, in: DIALOG });
        if (world.decisionsSent() !== 1) throw new Error('Not exactly one decision was sent');
      },
    },
    events: {
      async 'listRows.done'() {
        await releaseAll();
        await driver.expectAttribute(SECTION, 'aria-busy', 'false');
        rows = world.listed(query.page, query.pageSize);
        shown = true;
      },
      async 'listRows.error'() {
        // The rows of an earlier load stay behind the failure, to show again while it is retried.
        await releaseAll(failureAnswer(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'));
      },
      async 'list.retry'() {
        await holding(() => driver.click({ role: 'button', name: D.retry, in: SECTION }));
      },
      async 'list.reload'() {
        // Once the change is recorded, the list loads again.
        await holding(() => askPhoneChange(driver, world.wallet));
        await driver.expectVisible({ role: 'heading', name: M.done.title });
      },
      async 'page.change'() {
        await holding(() => driver.click({ role: 'button', name: enKit.reports.pager.next, in: PAGER }));
        query = { ...query, page: query.page + 1 };
      },
      async 'pageSize.change'() {
        await holding(() => driver.selectOption({ label: enKit.reports.pager.pageSize, in: SECTION }, '25'));
        query = { page: 1, pageSize: 25 };
      },
      async 'decision.start'({ step }) {
        const decision = step.label === 'approve' ? 'approve' : 'reject';
        const row = first();
        await driver.click({
          role: 'button',
          name: said(decision === 'approve' ? D.approveNamed : D.rejectNamed, { number: row.number }),
        });
        pending = { decision, row };
        reason = '';
        reasonRefused = false;
        decisionFailed = false;
        outcome = null;
      },
      async 'reason.change'() {
        await driver.fill(reasonField(), REASON);
        reason = REASON;
        reasonRefused = false;
      },
      async 'decision.cancel'() {
        await driver.click({ role: 'button', name: D.cancel, in: DIALOG });
        pending = null;
      },
      async 'decision.confirm'({ step }) {
        const name = pending?.decision === 'approve' ? D.confirmApprove : D.confirmReject;
        const click = () => driver.click({ role: 'button', name, in: DIALOG });
        if (step.states.includes('deciding')) {
          const request = driver.hold(`wallet-migrations/${pending?.row.id}/decision`);
          held.push(request);
          await click();
          await request.reached;
        } else {
          // A rejection without a reason is refused in place: nothing is sent.
          await click();
          reasonRefused = true;
          if (world.decisionsSent() !== 0) throw new Error('A rejection without a reason was sent');
        }
      },
      async 'decideRows.done'() {
        const decision = held;
        held = [];
        const reload = world.holdList();
        // The driver's release waits for the page to settle, which the held reload keeps from
        // happening: the reload's being reached is what shows the decision's answer arrived.
        for (const request of decision) void request.release();
        held.push(reload);
        await reload.reached;
        outcome = pending?.row ?? null;
        pending = null;
        reason = '';
      },
      async 'decideRows.error'() {
        await releaseAll(
          failureAnswer(409, 'MIGRATION_ALREADY_DECIDED', 'This migration request was already decided.'),
        );
        decisionFailed = true;
      },
      async 'outcome.dismiss'() {
        await driver.click({ role: 'button', name: en.common.dismiss, in: SECTION });
        outcome = null;
      },
    },
  };
}
