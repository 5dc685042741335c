/**
 * The step table of the KYC review machine (tests/paths/machines/features.ts), for both runners:
 * jsdom (tests/unit/kyc-review.paths.test.tsx, the fake API) and Chromium
 * (tests/e2e/kyc-review.paths.spec.ts, the real server). A reviewer opens one pending customer
 * (/customers?account=…); its load and the decision are held until the path says how they end.
 *
 * Only the load's server error is answered in the server's place: the demo data cannot make
 * the server fail on demand. The decision's refusal is the server's own: the account is
 * approved elsewhere while the decision is held, and the server then refuses it.
 */
import { en, said } from '../../messages';
import type { Driver, HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { REASON_MIN } from '../../../contract/reasons';

const K = en.kyc;

/** What only the runner knows: which account, and how the world around the page changes. */
export interface KycReviewWorld {
  /** The demo user who reviews. */
  reviewer: string;
  /** A pending customer the reviewer may approve (every document on file, registered by someone else), new to each path. */
  pendingAccount(): Promise<{ number: string; name: string }>;
  /** A pending customer the reviewer may decide but not approve, and the bar's words for why not. */
  unapprovableAccount(): Promise<{ number: string; name: string; whyNot: string }>;
  /** The account is approved in another session of the reviewer's (another tab). */
  approveElsewhere(number: string): Promise<void>;
  /** How many decisions the page has sent for the account. */
  decisionsSent(number: string): Promise<number>;
}

type Decision = 'approve' | 'reject';
const DECISION_LABEL: Record<Decision, string> = { approve: 'Approve', reject: 'Reject' };
/** What the user types when the path changes the reason. */
const KYC_REASON = 'Document unreadable';
/** Too short for a rejection. */
const KYC_SHORT_REASON = 'No';
const KYC_LOAD_FAILURE = 'Something went wrong on our side.';
const SERVER_ERROR: HeldAnswer = {
  status: 500,
  body: {
    status: false,
    errors: [{ code: 'INTERNAL_ERROR', shortMessage: 'Internal error', longMessage: KYC_LOAD_FAILURE }],
  },
};

const MAIN: Target = { role: 'main' };
const ACTIONS: Target = { role: 'region', name: K.detail.actions, in: MAIN };
const RETRY: Target = { role: 'button', name: K.detail.retry, in: MAIN };

export function kycReviewSteps(driver: Driver, world: KycReviewWorld): PathSteps {
  /** What the user expects on screen, from the steps taken so far. */
  let account = { number: '', name: '' };
  /** Why "Approve" is not offered, when the reviewer may not approve this account. */
  let whyNot: string | null = null;
  let held: HeldRequest | undefined;
  let decision: Decision | null = null;
  let reason = '';
  let reasonRefused = false;
  let failureShown: string | null = null;
  let announced: string | null = null;

  const detailPath = () => `kyc/accounts/${account.number}`;
  const decisionPath = () => `${detailPath()}/decision`;
  const heading: () => Target = () => ({ role: 'heading', name: account.name, in: MAIN });
  const loadingText: () => Target = () => ({ text: said(K.detail.loading, { number: account.number }), in: MAIN });
  const dialog: () => Target = () => ({
    role: 'dialog',
    name: said(K.decision.title, { decision: DECISION_LABEL[decision as Decision], account: account.name }),
  });
  const reasonField: () => Target = () => ({
    label: new RegExp(`^${decision === 'approve' ? K.decision.note : K.decision.reason}`),
    in: dialog(),
  });
  const confirmButton: () => Target = () => ({
    role: 'button',
    name: K.decision.confirm[decision as Decision],
    in: dialog(),
  });

  function hold(path: string) {
    held = driver.hold(path);
    return held;
  }
  async function release(answer?: HeldAnswer) {
    const request = held;
    held = undefined;
    await request?.release(answer);
  }

  return {
    async nothingSent() {
      if ((await world.decisionsSent(account.number)) !== 0) throw new Error('A refused decision was sent');
    },
    async start({ next }) {
      whyNot = null;
      if (next?.label === 'may not approve') {
        const unapprovable = await world.unapprovableAccount();
        account = { number: unapprovable.number, name: unapprovable.name };
        whyNot = unapprovable.whyNot;
      } else account = await world.pendingAccount();
      decision = null;
      reason = '';
      reasonRefused = false;
      failureShown = null;
      announced = null;
      const load = hold(detailPath());
      await driver.open(world.reviewer, `/customers?account=${account.number}`);
      await load.reached;
    },
    states: {
      async loading() {
        await driver.expectVisible(loadingText());
        await driver.expectAbsent(heading());
        await driver.expectAbsent(RETRY);
      },
      async failed() {
        await driver.expectText({ role: 'alert', in: MAIN }, KYC_LOAD_FAILURE);
        await driver.expectVisible(RETRY);
        await driver.expectAbsent(heading());
        await driver.expectAbsent(ACTIONS);
      },
      async 'ready.idle'() {
        await driver.expectAbsent({ role: 'dialog' });
        await driver.expectVisible(heading());
        await driver.expectAbsent(loadingText());
        if (announced) {
          // Decided: the message says so, the badge follows, and nothing is left to decide.
          await driver.expectVisible({ text: announced });
          await driver.expectVisible({ text: said(K.detail.kycBadge, { status: 'Approved' }), in: MAIN });
          await driver.expectAbsent({ role: 'button', name: DECISION_LABEL.approve, in: MAIN });
        } else if (whyNot) {
          // Not this reviewer's to approve: no way to approve, the reason why, the rest offered.
          await driver.expectAbsent({ role: 'button', name: DECISION_LABEL.approve, in: MAIN });
          await driver.expectAbsent({ role: 'button', name: K.detail.approveAndNext, in: MAIN });
          await driver.expectText({ testId: 'approve-blocked', in: ACTIONS }, whyNot);
          await driver.expectVisible({ role: 'button', name: DECISION_LABEL.reject, in: ACTIONS });
        } else {
          for (const name of Object.values(DECISION_LABEL)) {
            await driver.expectVisible({ role: 'button', name, in: ACTIONS });
          }
          if ((await world.decisionsSent(account.number)) !== 0) throw new Error('A decision was sent');
        }
      },
      async 'ready.confirming'() {
        await driver.expectVisible(dialog());
        await driver.expectValue(reasonField(), reason);
        await driver.expectEnabled(confirmButton());
        const problem: Target = { text: said(K.decision.reasonProblem.short, { min: REASON_MIN }), in: dialog() };
        if (reasonRefused) {
          await driver.expectVisible(problem);
          await driver.expectAttribute(reasonField(), 'aria-invalid', 'true');
        } else await driver.expectAbsent(problem);
        if (failureShown) await driver.expectText({ role: 'alert', in: dialog() }, failureShown);
        else await driver.expectAbsent({ role: 'alert', in: dialog() });
      },
      async 'ready.deciding'() {
        // The decision is on its way, once: its button says so, and the dialog cannot be left.
        await driver.expectVisible({ role: 'button', name: K.decision.sending, in: dialog() });
        await driver.expectEnabled({ role: 'button', name: K.decision.cancel, in: dialog() }, false);
        if ((await world.decisionsSent(account.number)) !== 1) throw new Error('Not exactly one decision was sent');
      },
    },
    events: {
      async 'loadAccount.done'() {
        await release();
      },
      async 'loadAccount.error'() {
        await release(SERVER_ERROR);
      },
      async 'account.retry'() {
        const load = hold(detailPath());
        await driver.click(RETRY);
        await load.reached;
      },
      async 'decision.start'({ step }) {
        if (whyNot && step.label === 'approve') {
          // Refused: there is no "Approve" to press, and no dialog opens.
          await driver.expectAbsent({ role: 'button', name: DECISION_LABEL.approve, in: MAIN });
          await driver.expectAbsent({ role: 'dialog' });
          return;
        }
        decision = step.label as Decision;
        reason = '';
        reasonRefused = false;
        failureShown = null;
        await driver.click({ role: 'button', name: DECISION_LABEL[decision], in: ACTIONS });
      },
      async 'reason.change'({ step }) {
        const typed = step.label === 'too short' ? KYC_SHORT_REASON : KYC_REASON;
        await driver.fill(reasonField(), typed);
        reason = typed;
        // A refused reason clears itself once put right, and no problem shows while typing.
        reasonRefused = reasonRefused && typed === KYC_SHORT_REASON;
      },
      async 'decision.cancel'() {
        await driver.click({ role: 'button', name: K.decision.cancel, in: dialog() });
        decision = null;
      },
      async 'decision.confirm'({ step }) {
        if (step.states.includes('ready.deciding')) {
          const sent = hold(decisionPath());
          await driver.click(confirmButton());
          await sent.reached;
        } else {
          // Refused in place: nothing is sent, and the reason field says why.
          await driver.click(confirmButton());
          reasonRefused = true;
          await driver.expectFocused(reasonField());
          if ((await world.decisionsSent(account.number)) !== 0) throw new Error('A refused reason was sent');
        }
      },
      async 'decide.done'() {
        await release();
        const template = K.decision.done[decision as Decision];
        announced = said(template, { name: account.name, number: account.number, reason });
        decision = null;
      },
      async 'decide.error'() {
        // Approved meanwhile in another tab: the server refuses, and the dialog stays open.
        await world.approveElsewhere(account.number);
        await release();
        failureShown = `The KYC of ${account.number} is already approved.`;
      },
    },
  };
}
