/**
 * The step table of /chargeback-voucher's list of chargebacks (the graph is chargebackListGraph
 * in tests/paths/machines/queues.ts), run in jsdom by tests/unit/chargeback-list.paths.test.tsx
 * over a small stateful fake server. Every list load and decision is held until the path says
 * how it ends; a list's server error and a decision's refusal are answered in the server's place.
 * "Asked above" is a chargeback the checker asks for in the panel above the list.
 */
import { REASON_MIN } from '../../../contract/reasons';
import { en, said } from '../../messages';
import type { HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import type { SelectingDriver } from './approvals';

const C = en.chargebacks;
const LIST = 'chargebacks';
const REASON = 'Paid twice by mistake';
const ASKED_REASON = 'The customer was charged twice';
const REFUSAL = 'The wallet no longer holds the amount.';

/** A chargeback the checker may decide, as the page lists it. */
export interface ListedChargeback {
  id: number;
  reference: string;
  reversal: string;
}

/** What only the runner knows: who decides, and what the server lists. */
export interface ChargebackListWorld {
  checker: string;
  /** The chargebacks the checker may decide on the page the query lists, in the page's order. */
  listed(query: { everyStatus: boolean; page: number }): ListedChargeback[];
  /** How many pages the list has (more than one). */
  pages(query: { everyStatus: boolean }): number;
  /** A transaction's reference the checker may ask a chargeback of. */
  reversible: string;
  /** How many decisions the page has sent. */
  decisionsSent(): number;
}

const failureAnswer = (status: number, code: string, message: string): HeldAnswer => ({
  status,
  body: { status: false, errors: [{ code, shortMessage: code, longMessage: message }] },
});
const SERVER_ERROR = failureAnswer(500, 'INTERNAL_ERROR', 'Something went wrong on our side.');

const MAIN: Target = { role: 'main' };
/** The list's texts are the page's only ones (its section and its table's frame are both named after it). */
const LIST_REGION = MAIN;
const PAGER: Target = { role: 'navigation', name: C.list.pages, in: MAIN };
const DIALOG: Target = { role: 'dialog' };
const OUTCOME: Target = { testId: 'chargeback-outcome' };
const LOADING: Target = { text: C.list.loading, in: LIST_REGION };

export function chargebackListSteps(driver: SelectingDriver, world: ChargebackListWorld): PathSteps {
  /** Requests held in flight, oldest first (a load the user replaced is among them). */
  let held: HeldRequest[] = [];
  let rows: ListedChargeback[] = [];
  /** What the user expects on screen, from the steps taken so far. */
  let query = { everyStatus: false, page: 1 };
  let pending: { decision: 'approve' | 'reject'; row: ListedChargeback } | null = null;
  let reason = '';
  let reasonRefused = false;
  let decisionFailed = false;
  let outcome: string | null = null;
  let asked = false;

  const first = () => {
    const row = rows[0];
    if (!row) throw new Error('The page lists no chargeback the checker may decide');
    return row;
  };

  async function holding(path: string, cause: () => Promise<void>) {
    const request = driver.hold(path);
    held.push(request);
    await cause();
    await request.reached;
  }
  async function releaseAll(answer?: HeldAnswer) {
    const requests = held;
    held = [];
    for (const request of requests) await request.release(answer);
  }
  /** Releases `request` and holds the list's load that follows it. */
  async function thenReload(request: HeldRequest[]) {
    const reload = driver.hold(LIST);
    for (const r of request) await r.release();
    held.push(reload);
    await reload.reached;
  }

  async function expectOutcome() {
    if (outcome) await driver.expectText(OUTCOME, outcome);
    else await driver.expectAbsent(OUTCOME);
  }

  return {
    async start() {
      held = [];
      rows = [];
      query = { everyStatus: false, page: 1 };
      pending = null;
      reason = '';
      outcome = null;
      asked = false;
      await holding(LIST, () => driver.open(world.checker, '/chargeback-voucher'));
    },
    states: {
      async loading() {
        await driver.expectVisible(LOADING);
        await driver.expectAbsent(DIALOG);
        await expectOutcome();
      },
      async failed() {
        await driver.expectVisible({ text: C.list.loadFailed, in: LIST_REGION });
        await driver.expectVisible({ role: 'button', name: C.list.retry, in: LIST_REGION });
        await driver.expectAbsent({ role: 'table', name: C.list.title });
        await expectOutcome();
      },
      async ready() {
        await driver.expectAbsent(DIALOG);
        await driver.expectAbsent(LOADING);
        await driver.expectVisible({
          role: 'button',
          name: said(C.list.approveNamed, { reference: first().reference }),
        });
        await driver.expectVisible({
          text: said(C.list.page, { page: query.page, pages: world.pages(query) }),
          in: PAGER,
        });
        await expectOutcome();
        if (asked && query.page === 1) await driver.expectVisible({ text: C.list.ownRequest, in: LIST_REGION });
      },
      async confirming() {
        const approving = pending?.decision === 'approve';
        await driver.expectVisible({ role: 'dialog', name: approving ? C.dialog.approveTitle : C.dialog.rejectTitle });
        await driver.expectText(DIALOG, pending?.row.reference ?? '');
        await driver.expectValue({ label: new RegExp(`^${C.dialog.reason}`), in: DIALOG }, reason);
        const refused: Target = { text: said(C.dialog.reasonProblem, { min: REASON_MIN }), in: DIALOG };
        if (reasonRefused) await driver.expectVisible(refused);
        else await driver.expectAbsent(refused);
        if (decisionFailed) await driver.expectText({ role: 'alert', in: DIALOG }, REFUSAL);
        else await driver.expectAbsent({ role: 'alert', in: DIALOG });
        // The outcome of an earlier decision went when this one started.
        await driver.expectAbsent(OUTCOME);
      },
      async deciding() {
        await driver.expectVisible({ role: 'button', name: C.dialog.working, in: DIALOG });
        if (world.decisionsSent() !== 1) throw new Error('Not exactly one decision was sent');
      },
    },
    events: {
      async 'listRows.done'() {
        await releaseAll();
        await driver.expectAbsent(LOADING);
        rows = world.listed(query);
      },
      async 'listRows.error'() {
        await releaseAll(SERVER_ERROR);
      },
      async 'list.retry'() {
        await holding(LIST, () => driver.click({ role: 'button', name: C.list.retry, in: LIST_REGION }));
      },
      async 'list.reload'() {
        // A chargeback asked for above the list: once it is recorded, the list loads again.
        await driver.fill({ label: new RegExp(`^${C.ask.reference}`) }, world.reversible);
        await driver.click({ role: 'button', name: C.ask.find });
        await driver.fill({ label: new RegExp(`^${C.ask.reason}`) }, ASKED_REASON);
        const request = driver.hold(LIST);
        await driver.click({ role: 'button', name: C.ask.submit });
        await request.reached;
        await thenReload([request]);
        await driver.expectVisible({ text: said(C.ask.done, { reference: world.reversible }) });
        asked = true;
      },
      async 'filters.change'() {
        await holding(LIST, () => driver.selectOption({ label: C.list.status, in: LIST_REGION }, C.list.statusAll));
        query = { everyStatus: true, page: 1 };
      },
      async 'page.change'() {
        await holding(LIST, () => driver.click({ role: 'button', name: C.list.next, in: PAGER }));
        query = { ...query, page: query.page + 1 };
      },
      async 'decision.start'({ step }) {
        const decision = step.label === 'approve' ? 'approve' : 'reject';
        const row = first();
        const name = said(decision === 'approve' ? C.list.approveNamed : C.list.rejectNamed, {
          reference: row.reference,
        });
        await driver.click({ role: 'button', name });
        pending = { decision, row };
        reason = '';
        reasonRefused = false;
        decisionFailed = false;
        outcome = null;
      },
      async 'reason.change'() {
        await driver.fill({ label: new RegExp(`^${C.dialog.reason}`), in: DIALOG }, REASON);
        reason = REASON;
        reasonRefused = false;
      },
      async 'decision.cancel'() {
        await driver.click({ role: 'button', name: C.dialog.cancel, in: DIALOG });
        pending = null;
      },
      async 'decision.confirm'({ step }) {
        const name = pending?.decision === 'approve' ? C.dialog.confirmApprove : C.dialog.confirmReject;
        const click = () => driver.click({ role: 'button', name, in: DIALOG });
        if (step.states.includes('deciding')) await holding(`chargebacks/${pending?.row.id}/decision`, click);
        else {
          // Without a reason the decision is refused in place: nothing is sent.
          await click();
          reasonRefused = true;
          if (world.decisionsSent() !== 0) throw new Error('A decision without a reason was sent');
        }
      },
      async 'decideRows.done'() {
        const decision = held;
        held = [];
        await thenReload(decision);
        const row = pending?.row as ListedChargeback;
        outcome =
          pending?.decision === 'approve'
            ? said(C.outcome.approved, { reference: row.reference, reversal: row.reversal })
            : said(C.outcome.rejected, { reference: row.reference });
        pending = null;
        reason = '';
      },
      async 'decideRows.error'() {
        await releaseAll(failureAnswer(409, 'CHARGEBACK_INSUFFICIENT_FUNDS', REFUSAL));
        decisionFailed = true;
      },
      async 'outcome.dismiss'() {
        await driver.click({ role: 'button', name: en.common.dismiss, in: LIST_REGION });
        outcome = null;
      },
    },
  };
}
