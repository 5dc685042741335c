/**
 * The maker-checker page (/authorize-transactions): the generated paths of the real authorize
 * machine (tests/paths/machines/approvals.ts), each run against the whole app in jsdom. Every
 * list load and decision is held by the fake API until the path says how it ends. The plain
 * tests beside them (authorize-page.test.tsx) keep what the machine does not decide: the rows'
 * contents, per-item results of a bulk decision, the filters' query.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalDecisionResult } from '../../contract/transfers';
import { APPROVAL_MESSAGES } from '../../src/features/transfers/approval-messages';
import { enKit } from '../../src/i18n/kit-en';
import { generatePaths, incompleteSteps, missingCoverage, type PathSteps, runPath } from '../paths/graph-adapter';
import { APPROVAL_IDS, approvalsGraph } from '../paths/machines/approvals';
import { approval } from './support/fake-approvals';
import {
  createFakeApi,
  type FakeAnswer,
  type FakeApi,
  failure,
  type RenderedApp,
  renderApp,
  success,
} from './support/render-app';

const M = APPROVAL_MESSAGES.en;
const PATH_TIMEOUT_MS = 30_000;
const LIST = 'approvals';
const ROWS = APPROVAL_IDS.map((id) => approval(id));
const TOTAL = 30;
const REASON = 'Duplicate request';
const serverError = (): FakeAnswer => ({
  status: 500,
  body: failure('INTERNAL_ERROR', 'Something went wrong on our side (fake API).'),
});

interface Run {
  app: RenderedApp;
  api: FakeApi;
  /** Requests held in flight, oldest first. */
  held: (() => void)[];
  listAnswer: () => FakeAnswer;
  decisionAnswer: () => FakeAnswer;
  /** What the user expects on screen, from the runner's own steps. */
  selected: number[];
  pending: { decision: 'approve' | 'reject'; ids: number[] } | null;
  reason: string;
  reasonRefused: boolean;
  decisionFailed: boolean;
  outcome: boolean;
}

let run: Run | undefined;
beforeAll(async () => {
  await import('../../src/features/transfers/AuthorizePage');
}, 60_000);
afterEach(() => {
  for (const release of run?.held ?? []) release();
  run?.app.unmount();
  run = undefined;
});

function current(): Run {
  if (!run) throw new Error('The app is not open');
  return run;
}
const content = () => within(document.getElementById('content') ?? document.body);
const rowOf = (id: number) => within(screen.getByTestId(`approval-${id}`));
const dialog = () => screen.queryByRole('dialog');
const inDialog = () => within(screen.getByRole('dialog'));

/** Holds the next request to `path`, made by `cause`. */
async function holding(path: string, cause: () => Promise<unknown>) {
  const r = current();
  const hold = r.api.hold(path);
  r.held.push(hold.release);
  await cause();
  await hold.reached;
}

/** Answers every held request (a load the user replaced answers too, and is ignored). */
async function releaseAll() {
  const r = current();
  const held = r.held.splice(0);
  await act(async () => {
    for (const release of held) release();
  });
  await r.api.idle();
}

const decisionPath = (r: Run) =>
  r.pending?.ids.length === 1 && r.pending.decision === 'approve'
    ? `approvals/${r.pending.ids[0]}/approve`
    : 'approvals/decisions';

function expectOutcome() {
  if (current().outcome) expect(screen.getByTestId('decision-outcome')).toBeVisible();
  else expect(screen.queryByTestId('decision-outcome')).toBeNull();
}

describe('approvals machine: generated paths in jsdom', () => {
  const generated = generatePaths(approvalsGraph);

  const steps: PathSteps = {
    async start() {
      const api = createFakeApi();
      const hold = api.hold(LIST);
      run = {
        app: undefined as unknown as RenderedApp,
        api,
        held: [hold.release],
        listAnswer: () => ({ body: success({ rows: ROWS, total: TOTAL, page: 1, pageSize: 25 }) }),
        decisionAnswer: serverError,
        selected: [],
        pending: null,
        reason: '',
        reasonRefused: false,
        decisionFailed: false,
        outcome: false,
      };
      const r = run;
      api.on('GET', LIST, () => r.listAnswer());
      api.on('POST', 'approvals/1/approve', () => r.decisionAnswer());
      api.on('POST', 'approvals/decisions', () => r.decisionAnswer());
      r.app = renderApp({
        api,
        signedInAs: 'admin',
        url: '/authorize-transactions?view=transfers',
        userEventOptions: { delay: null },
      });
      await content().findByRole('heading', { level: 1, name: 'Authorize Transactions' }, { timeout: 10_000 });
      await hold.reached;
    },
    states: {
      async loading() {
        expect(await content().findByText(M.loading)).toBeVisible();
        expect(current().api.inFlight).toBeGreaterThan(0);
        expect(dialog()).toBeNull();
        expectOutcome();
      },
      async failed() {
        expect(await content().findByText(M.loadFailed)).toBeVisible();
        expect(content().getByRole('button', { name: M.retry })).toBeVisible();
        expect(screen.queryByTestId('approval-1')).toBeNull();
        expectOutcome();
      },
      async ready() {
        const r = current();
        await waitFor(() => expect(dialog()).toBeNull());
        expect(content().queryByText(M.loading)).toBeNull();
        for (const row of ROWS) {
          expect(rowOf(row.id).getByRole('checkbox')).toHaveProperty('checked', r.selected.includes(row.id));
        }
        if (r.selected.length) expect(content().getByText(`${r.selected.length} selected`)).toBeVisible();
        else expect(content().queryByRole('button', { name: M.approveSelected })).toBeNull();
        expectOutcome();
      },
      async confirming() {
        const r = current();
        const title = r.pending?.decision === 'reject' ? M.dialog.rejectTitle : M.dialog.approveTitle;
        const d = within(await screen.findByRole('dialog', { name: title }));
        expect(d.getByText(new RegExp(`^${r.pending?.ids.length} transfer\\(s\\)`))).toBeVisible();
        if (r.pending?.decision === 'reject') expect(d.getByLabelText(M.dialog.reason)).toHaveValue(r.reason);
        if (r.reasonRefused) expect(d.getByText(M.dialog.reasonRequired)).toBeVisible();
        else expect(d.queryByText(M.dialog.reasonRequired)).toBeNull();
        if (r.decisionFailed) expect(d.getByText(M.dialog.failed)).toBeVisible();
        else expect(d.queryByText(M.dialog.failed)).toBeNull();
      },
      async deciding() {
        expect(inDialog().getByRole('button', { name: M.dialog.working })).toBeVisible();
        expect(current().api.callsTo(decisionPath(current()), 'POST').length).toBeGreaterThan(0);
      },
    },
    events: {
      async 'listRows.done'() {
        const r = current();
        r.listAnswer = () => ({ body: success({ rows: ROWS, total: TOTAL, page: 1, pageSize: 25 }) });
        await releaseAll();
        await screen.findByTestId('approval-1');
        // A new page keeps only the selected rows it still lists: here, all of them.
      },
      async 'listRows.error'() {
        const r = current();
        r.listAnswer = serverError;
        await releaseAll();
      },
      async 'list.retry'() {
        await holding(LIST, () => current().app.user.click(content().getByRole('button', { name: M.retry })));
      },
      async 'filters.change'() {
        const r = current();
        await holding(LIST, () => r.app.user.selectOptions(content().getByLabelText(M.status), ''));
        expect(r.api.callsTo(LIST, 'GET').at(-1)?.query.get('status')).toBeNull();
        r.selected = [];
      },
      async 'page.change'() {
        const r = current();
        await holding(LIST, () => r.app.user.click(content().getByRole('button', { name: enKit.reports.pager.next })));
        expect(r.api.callsTo(LIST, 'GET').at(-1)?.query.get('page')).toBe('2');
        r.selected = [];
      },
      async 'pageSize.change'() {
        const r = current();
        await holding(LIST, () =>
          r.app.user.selectOptions(content().getByLabelText(enKit.reports.pager.pageSize), '50'),
        );
        expect(r.api.callsTo(LIST, 'GET').at(-1)?.query.get('pageSize')).toBe('50');
        r.selected = [];
      },
      async 'selection.toggle'() {
        const r = current();
        await r.app.user.click(rowOf(1).getByRole('checkbox'));
        r.selected = r.selected.includes(1) ? r.selected.filter((id) => id !== 1) : [...r.selected, 1];
      },
      async 'selection.all'({ step }) {
        const r = current();
        await r.app.user.click(content().getByRole('checkbox', { name: M.selectAll }));
        r.selected = step.label === 'all' ? [...APPROVAL_IDS] : [];
      },
      async 'decision.start'({ step }) {
        const r = current();
        if (step.label === 'approve one') {
          await r.app.user.click(rowOf(1).getByRole('button', { name: 'Approve TX250304001' }));
          r.pending = { decision: 'approve', ids: [1] };
        } else {
          await r.app.user.click(content().getByRole('button', { name: M.rejectSelected }));
          r.pending = { decision: 'reject', ids: [...r.selected] };
        }
        Object.assign(r, { reason: '', reasonRefused: false, decisionFailed: false });
      },
      async 'reason.change'() {
        const r = current();
        await r.app.user.type(inDialog().getByLabelText(M.dialog.reason), REASON);
        r.reason = REASON;
        // A refused reason clears once one is given.
        r.reasonRefused = false;
      },
      async 'decision.cancel'() {
        const r = current();
        await r.app.user.click(inDialog().getByRole('button', { name: M.dialog.cancel }));
        r.pending = null;
      },
      async 'decision.confirm'() {
        const r = current();
        const confirm = r.pending?.decision === 'reject' ? M.dialog.confirmReject : M.dialog.confirmApprove;
        const click = () => r.app.user.click(inDialog().getByRole('button', { name: confirm }));
        if (r.pending?.decision === 'reject' && !r.reason) {
          await click();
          r.reasonRefused = true;
          expect(r.api.callsTo('approvals/decisions', 'POST')).toHaveLength(0);
        } else await holding(decisionPath(r), click);
      },
      async 'decideRows.done'() {
        const r = current();
        const ids = r.pending?.ids ?? [];
        const results: ApprovalDecisionResult[] = ids.map((id) => ({
          id,
          ok: true,
          status: r.pending?.decision === 'reject' ? 'rejected' : 'approved',
          reference: `TX25030400${id}`,
          message: null,
        }));
        r.decisionAnswer = () => ({ body: success(decisionPath(r) === 'approvals/decisions' ? results : {}) });
        // The list loads again at once: held like any other load.
        const reload = r.api.hold(LIST);
        const decision = r.held.splice(0);
        await act(async () => {
          for (const release of decision) release();
        });
        r.held.push(reload.release);
        await reload.reached;
        Object.assign(r, { outcome: true, pending: null, selected: [], reason: '' });
        for (const id of ids) expect(await screen.findByTestId(`outcome-${id}`)).toBeVisible();
      },
      async 'decideRows.error'() {
        const r = current();
        r.decisionAnswer = serverError;
        await releaseAll();
        r.decisionFailed = true;
      },
      async 'outcome.dismiss'() {
        const r = current();
        const outcome = within(screen.getByTestId('decision-outcome'));
        await r.app.user.click(outcome.getByRole('button', { name: M.results.dismiss }));
        r.outcome = false;
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
