/**
 * The step table of the maker-checker page's transfer requests (/authorize-transactions?view=
 * transfers; the graph is tests/paths/machines/approvals.ts), for both runners: jsdom
 * (tests/unit/approvals.paths.test.tsx, a small fake server) and Chromium
 * (tests/e2e/approvals.paths.spec.ts, the real server with requests an admin made). Every list
 * load and decision is held until the path says how it ends.
 *
 * Only the server errors are answered in the server's place (a list's, a decision's): the demo
 * data cannot make the server fail on demand. A refusal (already decided, expired) is no
 * failure to the page: it is one line of the decision's outcome.
 */
import { APPROVAL_MESSAGES } from '../../../src/features/transfers/approval-messages';
import { enKit } from '../../../src/i18n/kit-en';
import type { Driver, HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { REASON_MIN } from '../../../contract/reasons';
import { said } from '../../messages';

const M = APPROVAL_MESSAGES.en;
const LIST = 'approvals';
const REASON = 'Duplicate request';

/** A request the checker may decide, as the page lists it. */
export interface ListedRequest {
  id: number;
  reference: string;
}

/** The shared driver, and choosing in a drop-down list, which each runner does its own way. */
export interface SelectingDriver extends Driver {
  /** Chooses the option whose text is `option` in the drop-down list `target`. */
  selectOption(target: Target, option: string): Promise<void>;
}

/** What only the runner knows: who decides, and what the server lists. */
export interface ApprovalsWorld {
  /** The demo user who decides. */
  checker: string;
  /** The pending requests the checker may decide on the first page, in the page's order (at least two). */
  listed(): Promise<ListedRequest[]>;
  /** A pending request on the first page the checker may not decide: the checker made it. */
  ownRequest(): Promise<ListedRequest>;
  /** How many decisions the page has sent. */
  decisionsSent(): Promise<number>;
}

const SERVER_ERROR: HeldAnswer = {
  status: 500,
  body: {
    status: false,
    errors: [
      { code: 'INTERNAL_ERROR', shortMessage: 'Internal error', longMessage: 'Something went wrong on our side.' },
    ],
  },
};

const MAIN: Target = { role: 'main' };
const DIALOG: Target = { role: 'dialog' };
const OUTCOME: Target = { testId: 'decision-outcome' };

export function approvalsSteps(driver: SelectingDriver, world: ApprovalsWorld): PathSteps {
  /** Requests held in flight, oldest first (a load the user replaced is among them). */
  let held: HeldRequest[] = [];
  let rows: ListedRequest[] = [];
  /** What the user expects on screen, from the steps taken so far. */
  let selected: number[] = [];
  let pending: { decision: 'approve' | 'reject'; ids: number[] } | null = null;
  let reason = '';
  let reasonRefused = false;
  let decisionFailed = false;
  let outcome = false;

  const first = () => {
    const row = rows[0];
    if (!row) throw new Error('The page lists no request the checker may decide');
    return row;
  };

  async function holding(path: string, cause: () => Promise<void>) {
    const request = driver.hold(path);
    held.push(request);
    await cause();
    await request.reached;
  }
  /** Answers every held request (a load the user replaced answers too, and is ignored). */
  async function releaseAll(answer?: HeldAnswer) {
    const requests = held;
    held = [];
    for (const request of requests) await request.release(answer);
  }

  async function expectOutcome() {
    if (outcome) await driver.expectVisible(OUTCOME);
    else await driver.expectAbsent(OUTCOME);
  }

  /** The checker's own request: listed, with no way to select or decide it. */
  async function expectOwnRequestRefused() {
    const { reference } = await world.ownRequest();
    await driver.expectVisible({ text: reference, in: MAIN });
    await driver.expectAbsent({ role: 'checkbox', name: M.selectRow.replace('{{reference}}', reference) });
    await driver.expectAbsent({ role: 'button', name: M.approveRow.replace('{{reference}}', reference) });
  }

  return {
    async nothingSent() {
      if (driver.held() !== 0) throw new Error('A request was sent');
      if ((await world.decisionsSent()) !== 0) throw new Error('A decision was sent');
    },
    async start() {
      held = [];
      rows = [];
      selected = [];
      pending = null;
      reason = '';
      outcome = false;
      await holding(LIST, () => driver.open(world.checker, '/authorize-transactions?view=transfers'));
    },
    states: {
      async loading() {
        await driver.expectVisible({ text: M.loading, in: MAIN });
        await driver.expectAbsent(DIALOG);
        await expectOutcome();
      },
      async failed() {
        await driver.expectVisible({ text: M.loadFailed, in: MAIN });
        await driver.expectVisible({ role: 'button', name: M.retry, in: MAIN });
        await driver.expectAbsent({ role: 'table', name: M.table });
        await expectOutcome();
      },
      async ready() {
        await driver.expectAbsent(DIALOG);
        await driver.expectAbsent({ text: M.loading, in: MAIN });
        await driver.expectVisible({
          role: 'checkbox',
          name: `${M.selectRow.replace('{{reference}}', first().reference)}`,
        });
        if (selected.length)
          await driver.expectVisible({ text: M.selected.replace('{{count}}', String(selected.length)) });
        else await driver.expectAbsent({ role: 'button', name: M.approveSelected });
        await expectOutcome();
      },
      async confirming() {
        const title = pending?.decision === 'reject' ? M.dialog.rejectTitle : M.dialog.approveTitle;
        await driver.expectVisible({ role: 'dialog', name: title });
        await driver.expectVisible({ text: new RegExp(`^${pending?.ids.length} transfer\\(s\\)`), in: DIALOG });
        if (pending?.decision === 'reject') await driver.expectValue({ label: M.dialog.reason, in: DIALOG }, reason);
        const refused: Target = { text: said(M.dialog.reasonRequired, { min: REASON_MIN }), in: DIALOG };
        if (reasonRefused) await driver.expectVisible(refused);
        else await driver.expectAbsent(refused);
        const failed: Target = { text: M.dialog.failed, in: DIALOG };
        if (decisionFailed) await driver.expectVisible(failed);
        else await driver.expectAbsent(failed);
      },
      async deciding() {
        await driver.expectVisible({ role: 'button', name: M.dialog.working, in: DIALOG });
      },
    },
    events: {
      async 'listRows.done'() {
        await releaseAll();
        await driver.expectAbsent({ text: M.loading, in: MAIN });
        rows = await world.listed();
        // A new page keeps only the selected rows it still lists.
        selected = selected.filter((id) => rows.some((r) => r.id === id));
      },
      async 'listRows.error'() {
        await releaseAll(SERVER_ERROR);
      },
      async 'list.retry'() {
        await holding(LIST, () => driver.click({ role: 'button', name: M.retry, in: MAIN }));
      },
      async 'filters.change'() {
        await holding(LIST, () => driver.selectOption({ label: M.status, in: MAIN }, M.statusAll));
        selected = [];
      },
      async 'page.change'() {
        await holding(LIST, () => driver.click({ role: 'button', name: enKit.reports.pager.next, in: MAIN }));
        selected = [];
      },
      async 'pageSize.change'() {
        await holding(LIST, () => driver.selectOption({ label: enKit.reports.pager.pageSize, in: MAIN }, '50'));
        selected = [];
      },
      async 'selection.toggle'({ step }) {
        if (step.label === 'own request') return expectOwnRequestRefused();
        const { id, reference } = first();
        await driver.click({ role: 'checkbox', name: M.selectRow.replace('{{reference}}', reference) });
        selected = selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
      },
      async 'selection.all'({ step }) {
        await driver.click({ role: 'checkbox', name: M.selectAll });
        selected = step.label === 'all' ? rows.map((r) => r.id) : [];
      },
      async 'decision.start'({ step }) {
        if (step.label === 'approve own request') return expectOwnRequestRefused();
        if (step.label === 'approve one') {
          const { id, reference } = first();
          await driver.click({ role: 'button', name: M.approveRow.replace('{{reference}}', reference) });
          pending = { decision: 'approve', ids: [id] };
        } else {
          await driver.click({ role: 'button', name: M.rejectSelected });
          pending = { decision: 'reject', ids: [...selected] };
        }
        reason = '';
        reasonRefused = false;
        decisionFailed = false;
      },
      async 'reason.change'() {
        await driver.fill({ label: M.dialog.reason, in: DIALOG }, REASON);
        reason = REASON;
        // A refused reason clears once one is given.
        reasonRefused = false;
      },
      async 'decision.cancel'() {
        await driver.click({ role: 'button', name: M.dialog.cancel, in: DIALOG });
        pending = null;
      },
      async 'decision.confirm'({ step }) {
        const name = pending?.decision === 'reject' ? M.dialog.confirmReject : M.dialog.confirmApprove;
        const click = () => driver.click({ role: 'button', name, in: DIALOG });
        if (step.states.includes('deciding')) await holding(`approvals/${pending?.ids[0]}/approve`, click);
        else {
          // A rejection without a reason is refused in place: nothing is sent.
          await click();
          reasonRefused = true;
        }
      },
      async 'decideRows.done'() {
        const ids = pending?.ids ?? [];
        // The list loads again at once: held like any other load.
        const decision = held;
        held = [];
        const reload = driver.hold(LIST);
        for (const request of decision) await request.release();
        held.push(reload);
        await reload.reached;
        outcome = true;
        pending = null;
        selected = [];
        reason = '';
        for (const id of ids) await driver.expectVisible({ testId: `outcome-${id}` });
      },
      async 'decideRows.error'() {
        await releaseAll(SERVER_ERROR);
        decisionFailed = true;
      },
      async 'outcome.dismiss'() {
        await driver.click({ role: 'button', name: M.results.dismiss, in: OUTCOME });
        outcome = false;
      },
    },
  };
}
