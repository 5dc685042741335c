/**
 * The review of one KYC account (/customers?account=…): the generated paths of the real review
 * machine (tests/paths/machines/features.ts), each run against the whole app in jsdom. The
 * account's load and the decision are held by the fake API (tests/unit/support/fake-kyc.ts)
 * until the path says how they end. The plain tests beside them (kyc-review.test.tsx) keep what
 * the machine does not decide: the list, documents, what a decision changes on the account.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generatePaths, incompleteSteps, missingCoverage, type PathSteps, runPath } from '../paths/graph-adapter';
import { kycReviewGraph } from '../paths/machines/features';
import { en, said } from '../messages';
import { installFakeKyc, type FakeKyc } from './support/fake-kyc';
import {
  createFakeApi,
  type FakeAnswer,
  type FakeApi,
  failure,
  type RenderedApp,
  renderApp,
} from './support/render-app';

const K = en.kyc;
const PATH_TIMEOUT_MS = 30_000;
/** A pending customer the KYC administrator may approve: every document on file, registered by someone else. */
const ACCOUNT = { number: 'CUS-000001', name: 'Aminata Diallo' };
const DETAIL = `kyc/accounts/${ACCOUNT.number}`;
const DECISION = `${DETAIL}/decision`;
/** What the user types when the path changes the reason. */
const REASON = 'Document unreadable';

type Decision = 'approve' | 'reject';
const BUTTON: Record<Decision, string> = { approve: 'Approve', reject: 'Reject' };

/** How the server refuses, by the graph's variants. */
const FAILURES: Record<string, () => FakeAnswer> = {
  'server error': () => ({ status: 500, body: failure('INTERNAL_ERROR', 'Something went wrong on our side.') }),
  refused: () => ({
    status: 409,
    body: failure('KYC_ALREADY_APPROVED', `The KYC of ${ACCOUNT.number} is already approved.`),
  }),
};

interface Run {
  app: RenderedApp;
  api: FakeApi;
  kyc: FakeKyc;
  held: (() => void)[];
  /** What the user expects on screen, from the runner's own steps. */
  decision: Decision | null;
  reason: string;
  reasonRefused: boolean;
  failureShown: string | null;
  /** The message of the last decision taken, once the server took it. */
  announced: string | null;
}

let run: Run | undefined;
beforeAll(async () => {
  await import('../../src/features/kyc/ReviewListPage');
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
const inDialog = () => within(screen.getByRole('dialog'));
const dialogTitle = (decision: Decision) =>
  said(K.decision.title, { decision: BUTTON[decision], account: ACCOUNT.name });

/** Holds the next request to `path`, made by `cause`. */
async function holding(path: string, cause: () => Promise<unknown>) {
  const r = current();
  const hold = r.api.hold(path);
  r.held.push(hold.release);
  await cause();
  await hold.reached;
}

/** Answers every held request: with `answer` once, else as the fake server would. */
async function release(path: string, answer?: () => FakeAnswer) {
  const r = current();
  if (answer) r.api.answerNext(path, answer);
  const held = r.held.splice(0);
  await act(async () => {
    for (const go of held) go();
  });
  await r.api.idle();
}

describe('KYC review machine: generated paths in jsdom', () => {
  const generated = generatePaths(kycReviewGraph);

  const steps: PathSteps = {
    async start() {
      URL.createObjectURL = vi.fn(() => 'blob:http://localhost/doc');
      URL.revokeObjectURL = vi.fn();
      const api = createFakeApi();
      const kyc = installFakeKyc(api);
      const hold = api.hold(DETAIL);
      run = {
        app: renderApp({
          api,
          signedInAs: 'kyc-admin',
          url: `/customers?account=${ACCOUNT.number}`,
          userEventOptions: { delay: null },
        }),
        api,
        kyc,
        held: [hold.release],
        decision: null,
        reason: '',
        reasonRefused: false,
        failureShown: null,
        announced: null,
      };
      await hold.reached;
    },
    states: {
      async loading() {
        expect(await content().findByText(said(K.detail.loading, { number: ACCOUNT.number }))).toBeVisible();
        expect(content().queryByRole('heading', { level: 2, name: ACCOUNT.name })).toBeNull();
        expect(content().queryByRole('button', { name: K.detail.retry })).toBeNull();
      },
      async failed() {
        const alert = await content().findByRole('alert');
        expect(alert).toHaveTextContent('Something went wrong on our side.');
        expect(within(alert).getByRole('button', { name: K.detail.retry })).toBeVisible();
        expect(content().queryByRole('heading', { level: 2, name: ACCOUNT.name })).toBeNull();
        expect(content().queryByRole('button', { name: BUTTON.approve })).toBeNull();
      },
      async 'ready.idle'() {
        const r = current();
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(content().getByRole('heading', { level: 2, name: ACCOUNT.name })).toBeVisible();
        expect(content().queryByText(said(K.detail.loading, { number: ACCOUNT.number }))).toBeNull();
        if (r.announced) {
          // Decided: the message says so, and nothing is left to decide.
          expect(await screen.findByText(r.announced, undefined, { timeout: 5_000 })).toBeVisible();
          expect(content().queryByRole('button', { name: BUTTON.approve })).toBeNull();
          expect(content().getByText(said(K.detail.kycBadge, { status: 'Approved' }))).toBeVisible();
        } else {
          for (const name of Object.values(BUTTON)) expect(content().getByRole('button', { name })).toBeVisible();
          expect(r.kyc.decisionCalls(ACCOUNT.number)).toHaveLength(0);
        }
      },
      async 'ready.confirming'() {
        const r = current();
        const decision = r.decision as Decision;
        const d = within(await screen.findByRole('dialog', { name: dialogTitle(decision) }));
        const field = d.getByLabelText(new RegExp(`^${decision === 'approve' ? K.decision.note : K.decision.reason}`));
        expect(field).toHaveValue(r.reason);
        expect(d.getByRole('button', { name: K.decision.confirm[decision] })).toBeVisible();
        if (r.reasonRefused) {
          expect(d.getByText(K.decision.reasonProblem.short)).toBeVisible();
          expect(field).toHaveAttribute('aria-invalid', 'true');
        } else expect(d.queryByText(K.decision.reasonProblem.short)).toBeNull();
        if (r.failureShown) expect(d.getByRole('alert')).toHaveTextContent(r.failureShown);
        else expect(d.queryByRole('alert')).toBeNull();
      },
      async 'ready.deciding'() {
        const r = current();
        expect(inDialog().getByRole('button', { name: K.decision.sending })).toBeVisible();
        expect(inDialog().getByRole('button', { name: K.decision.cancel })).toBeDisabled();
        const body = r.reason ? { decision: r.decision, reason: r.reason } : { decision: r.decision };
        expect(r.kyc.decisionCalls(ACCOUNT.number).map((c) => c.body)).toEqual([body]);
      },
    },
    events: {
      async 'loadAccount.done'() {
        await release(DETAIL);
        await content().findByRole('heading', { level: 2, name: ACCOUNT.name });
      },
      async 'loadAccount.error'({ step }) {
        await release(DETAIL, FAILURES[String(step.label)]);
      },
      async 'account.retry'() {
        await holding(DETAIL, () => current().app.user.click(content().getByRole('button', { name: K.detail.retry })));
      },
      async 'decision.start'({ step }) {
        const r = current();
        const decision = step.label as Decision;
        await r.app.user.click(content().getByRole('button', { name: BUTTON[decision] }));
        Object.assign(r, { decision, reason: '', reasonRefused: false, failureShown: null });
      },
      async 'reason.change'() {
        const r = current();
        await r.app.user.type(inDialog().getByRole('textbox'), REASON);
        r.reason = REASON;
        // A refused reason clears itself once put right.
        r.reasonRefused = false;
      },
      async 'decision.cancel'() {
        const r = current();
        await r.app.user.click(inDialog().getByRole('button', { name: K.decision.cancel }));
        r.decision = null;
      },
      async 'decision.confirm'({ step }) {
        const r = current();
        const click = () =>
          r.app.user.click(inDialog().getByRole('button', { name: K.decision.confirm[r.decision as Decision] }));
        if (step.states.includes('ready.deciding')) await holding(DECISION, click);
        else {
          // Refused in place: nothing is sent, and the reason field says why.
          await click();
          r.reasonRefused = true;
          expect(r.kyc.decisionCalls(ACCOUNT.number)).toHaveLength(0);
        }
      },
      async 'decide.done'() {
        const r = current();
        await release(DECISION);
        const template = K.decision.done[r.decision as Decision];
        r.announced = said(template, { name: ACCOUNT.name, number: ACCOUNT.number, reason: r.reason });
        r.decision = null;
      },
      async 'decide.error'({ step }) {
        const r = current();
        const answer = FAILURES[String(step.label)];
        await release(DECISION, answer);
        r.failureShown = `The KYC of ${ACCOUNT.number} is already approved.`;
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
