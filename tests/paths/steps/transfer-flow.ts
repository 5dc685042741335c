/**
 * One money movement (an agent's cash-out): the step table of the transfer-flow machine
 * (graph: tests/paths/machines/features.ts), for both runners. Each request the path looks at
 * in flight is held; when the path says how it ends, the server answers (the fake API in jsdom,
 * the real server in Chromium) unless the outcome is one the step table gives itself: a server
 * error, a refusal, no answer at all. Besides what the user sees, every state checks what the
 * server received: one submission per attempt, a new key per attempt, the same key and body
 * again only when "Try again" resends an attempt that got no answer.
 */
import { strict as assert } from 'node:assert';
import { UUID_PATTERN } from '../../../src/features/transfers/idempotency';
import type { Driver, HeldAnswer, HeldRequest, Target } from '../driver';
import { type PathStep, type PathSteps, type StepContext, stepName } from '../graph-adapter';

const TRANSFER_PAGE = '/cash-out';
export const TRANSFER_REQUESTS = {
  options: 'transfers/cash-out/options',
  quote: 'transfers/cash-out/quote',
  code: 'transfers/cash-out/withdrawal-code',
  submit: 'transfers/cash-out',
} as const;
const R = TRANSFER_REQUESTS;

export interface TransferForm {
  counterparty: string;
  amount: string;
  withdrawalCode: string;
  note: string;
}
const EMPTY_FORM: TransferForm = { counterparty: '', amount: '', withdrawalCode: '', note: '' };
/** The form the page refuses in place (graph label `invalid`), and what a reload gives back of it. */
const INVALID_FORM: TransferForm = { counterparty: '77 123', amount: '12.5', withdrawalCode: '123', note: '' };
const DRAFTED: TransferForm = { ...INVALID_FORM, withdrawalCode: '' };
const UNREACHABLE = 'The server could not be reached. Check your connection and try again.';
const WRONG_CODE = 'This is not the customer’s withdrawal code.';
const TRANSFER_REFUSAL = 'The customer’s wallet is blocked; ask the customer to call the service centre.';

const failure = (status: number, code: string, longMessage: string): HeldAnswer => ({
  status,
  body: { status: false, errors: [{ code, shortMessage: code.replaceAll('_', ' '), longMessage }] },
});

/** Outcomes the step table gives itself in both runners: no server gives them on demand. */
const OWN_ANSWERS: Record<string, () => HeldAnswer | 'no answer'> = {
  'loadOptions.error(server error)': () => failure(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'),
  'checkWithdrawalCode.error(no answer)': () => 'no answer',
  'submitTransfer.error(no answer)': () => 'no answer',
  'submitTransfer.error(refused)': () => failure(422, 'ACCOUNT_BLOCKED', TRANSFER_REFUSAL),
};

/** A request the page sent, as the server received it. */
export interface SentRequest {
  key: string | null;
  body: unknown;
}

/** What differs between the runners: the customer, what the server says of them, the records. */
export interface TransferEnv {
  /** The whole form typed for the graph's `valid` and `unknown beneficiary`. */
  valid: TransferForm;
  unknown: TransferForm;
  /** The body a quote and a submission of `valid` carry. */
  request: { counterparty: string; amount: number; withdrawalCode: string; note: string };
  /** What the server says when no wallet has the unknown number. */
  unknownMessage: string;
  /** Parts of the review's text (and of the receipt's), spaces collapsed. */
  reviewFacts: string[];
  receiptFacts: string[];
  /** The agent's own till as the page shows it, when the runner knows it. */
  ownBalance?: string;
  /** Every request to `path` the page sent (held ones included), oldest first. */
  sent(path: string): Promise<SentRequest[]>;
  /** How many times the page asked the browser to print. */
  prints(): Promise<number>;
  /** The answer the runner gives for an outcome instead of the server, if any. */
  answer?(outcome: string): HeldAnswer | undefined;
}

/** What the user expects to see on the form: a message, and where the focus is. */
type FormMessage = 'none' | 'errors' | 'unknown' | 'wrongCode' | 'refusal' | 'interrupted';

const main: Target = { role: 'main' };
const inMain = (target: Target): Target => ({ ...target, in: main });
const FIELDS = {
  counterparty: inMain({ label: 'Customer phone or account number' }),
  amount: inMain({ label: 'Amount (XOF)' }),
  withdrawalCode: inMain({ label: 'Withdrawal code' }),
  note: inMain({ label: /^Note/ }),
} as const;
const KEYS = ['counterparty', 'amount', 'withdrawalCode', 'note'] as const;
const formHeading = inMain({ role: 'heading', name: 'Transfer details' });
const reviewSection = inMain({ role: 'region', name: 'Check the transfer' });
const receipt = inMain({ role: 'article', name: 'Transfer receipt' });
const alert = inMain({ role: 'alert' });
const confirmButton = inMain({ role: 'button', name: /^(Confirm transfer|Sending…)$/ });
const reviewButton = inMain({ role: 'button', name: /^(Review transfer|Checking…)$/ });

/** A step table for one path (it keeps what the user expects from its own steps). */
export function transferFlowSteps(d: Driver, env: TransferEnv): PathSteps {
  const typedBy: Record<string, TransferForm> = {
    valid: env.valid,
    'unknown beneficiary': env.unknown,
    invalid: INVALID_FORM,
  };
  let typed = EMPTY_FORM;
  let message: FormMessage = 'none';
  /** The form came back from review: it has the focus on its heading. */
  let back = false;
  let draftNotice = false;
  /** One entry per confirm from review: how many times that attempt was sent. */
  const attempts: { sends: number }[] = [];
  let quotesBefore = 0;
  let printsAsked = 0;
  let held: { request: HeldRequest; next?: PathStep } | undefined;

  async function hold(path: string, next: PathStep | undefined, cause: () => Promise<unknown>) {
    const request = d.hold(path);
    held = { request, next };
    await cause();
    await request.reached;
  }

  /** Lets the held request go, answered as the path's outcome says. */
  async function release() {
    if (!held) throw new Error('No request held');
    const { request, next } = held;
    held = undefined;
    const name = next ? stepName(next) : '';
    await request.release(env.answer?.(name) ?? OWN_ANSWERS[name]?.());
  }

  /** Each field retyped, as a person does, so the form changes even when a value comes back the same. */
  async function typeForm(values: TransferForm) {
    for (const key of KEYS) {
      await d.fill(FIELDS[key], '');
      await d.fill(FIELDS[key], values[key]);
    }
    typed = values;
  }

  async function expectForm(values: TransferForm) {
    for (const key of KEYS) await d.expectValue(FIELDS[key], values[key]);
  }

  /** The submissions the page sent (held ones included), grouped by attempt: one key each. */
  async function expectSubmissionsMatchAttempts() {
    const sent = await env.sent(R.submit);
    const keys = [...new Set(sent.map((s) => s.key))];
    const byAttempt = keys.map((key) => sent.filter((s) => s.key === key));
    assert.deepEqual(
      byAttempt.map((s) => s.length),
      attempts.map((a) => a.sends),
      'submissions sent per attempt',
    );
    for (const ofAttempt of byAttempt) {
      assert.match(ofAttempt[0]?.key ?? '', UUID_PATTERN);
      // A resend is the same attempt: the same body under the same key.
      for (const s of ofAttempt) assert.deepEqual(s.body, env.request);
    }
  }

  async function expectHeldButton(target: Target, busy: string) {
    await d.expectText(target, busy);
    await d.expectAttribute(target, 'aria-disabled', 'true');
    assert.equal(d.held(), 1, 'one request held');
  }

  async function expectFacts(scope: Target, facts: readonly string[]) {
    for (const fact of facts) await d.expectText(scope, fact);
  }

  const loadOptions = (next: PathStep | undefined, cause: () => Promise<unknown>) => hold(R.options, next, cause);

  const clearedForm = () => {
    typed = EMPTY_FORM;
    message = 'none';
    draftNotice = false;
  };

  return {
    async start({ step, next }) {
      if (step.label === 'with a draft') {
        // The user typed, then reloaded the tab: the form comes back as a draft.
        await d.open('agent', TRANSFER_PAGE);
        await d.expectVisible(formHeading);
        await typeForm(INVALID_FORM);
        await loadOptions(next, () => d.reload());
        typed = DRAFTED;
        draftNotice = true;
        return;
      }
      await loadOptions(next, () => d.open('agent', TRANSFER_PAGE));
    },
    states: {
      async loadingOptions() {
        await d.expectVisible(inMain({ text: 'Loading the form…' }));
        await d.expectAbsent(formHeading);
        await expectSubmissionsMatchAttempts();
      },
      async optionsFailed() {
        await d.expectText(alert, 'The form could not be loaded.');
        await d.expectVisible({ role: 'button', name: 'Try again', in: alert });
        await d.expectAbsent(formHeading);
      },
      async editing() {
        await d.expectVisible(formHeading);
        await expectForm(typed);
        if (env.ownBalance) await d.expectText(inMain({ testId: 'own-balance' }), env.ownBalance);
        if (draftNotice) await d.expectVisible(inMain({ testId: 'draft-notice' }));
        else await d.expectAbsent(inMain({ testId: 'draft-notice' }));
        const quotes = await env.sent(R.quote);
        if (message === 'errors') {
          for (const key of ['counterparty', 'amount', 'withdrawalCode'] as const) {
            await d.expectAttribute(FIELDS[key], 'aria-invalid', 'true');
          }
          await d.expectAttribute(FIELDS.note, 'aria-invalid', 'false');
          // The error is tied to its field for screen readers, and focus went to the first one.
          await d.expectAttribute(FIELDS.amount, 'aria-describedby', /transfer-amount-error/);
          await d.expectFocused(FIELDS.counterparty);
          if (typed === INVALID_FORM) {
            await d.expectVisible(
              inMain({ text: 'Enter a Senegalese mobile number (77 123 45 67) or an account number.' }),
            );
            await d.expectVisible(inMain({ text: 'Enter a whole number of francs, without decimals or signs.' }));
            await d.expectVisible(inMain({ text: 'The withdrawal code has 6 digits.' }));
          }
          // Checked in place: the server was not asked.
          assert.equal(quotes.length, quotesBefore, 'no quote asked');
        } else if (message === 'unknown') {
          await d.expectText(alert, env.unknownMessage);
          await d.expectFocused(alert);
          const body = quotes.at(-1)?.body as { counterparty?: string } | undefined;
          assert.equal(body?.counterparty, env.unknown.counterparty.replaceAll(' ', ''));
        } else if (message === 'wrongCode') {
          // Said on the code's own field, which takes the focus; nothing else is wrong.
          await d.expectAttribute(FIELDS.withdrawalCode, 'aria-invalid', 'true');
          await d.expectAttribute(FIELDS.amount, 'aria-invalid', 'false');
          await d.expectVisible(inMain({ text: new RegExp(WRONG_CODE) }));
          await d.expectFocused(FIELDS.withdrawalCode);
          const checked = (await env.sent(R.code)).at(-1)?.body;
          assert.deepEqual(checked, {
            counterparty: env.request.counterparty,
            withdrawalCode: env.valid.withdrawalCode,
          });
          await d.expectAbsent(reviewSection);
        } else if (message === 'refusal') {
          await d.expectText(alert, TRANSFER_REFUSAL);
        } else if (message === 'interrupted') {
          // Back from an attempt with no answer: the form still says its outcome is unknown.
          await d.expectText(alert, UNREACHABLE);
        } else {
          await d.expectAbsent(alert);
          for (const key of KEYS) await d.expectAttribute(FIELDS[key], 'aria-invalid', 'false');
          // Back from review the form takes the focus on its heading.
          if (back) await d.expectFocused(formHeading);
        }
        await expectSubmissionsMatchAttempts();
      },
      async quoting() {
        await expectHeldButton(reviewButton, 'Checking…');
        // Asked once, and held before the server has priced it.
        assert.equal((await env.sent(R.quote)).length, quotesBefore + 1, 'one quote asked');
        await expectSubmissionsMatchAttempts();
      },
      async checkingCode() {
        await expectHeldButton(reviewButton, 'Checking…');
        // Quoted, then the code asked about before anything is reviewed.
        const checked = (await env.sent(R.code)).at(-1)?.body;
        assert.deepEqual(checked, { counterparty: env.request.counterparty, withdrawalCode: env.valid.withdrawalCode });
        await d.expectAbsent(reviewSection);
        await expectSubmissionsMatchAttempts();
      },
      async reviewing() {
        await d.expectFocused({ role: 'heading', name: 'Check the transfer', in: reviewSection });
        // What the server resolved: the customer's name, phone and number, and the money.
        await expectFacts(reviewSection, env.reviewFacts);
        await d.expectText({ testId: 'approval-notice', in: reviewSection }, 'The money moves as soon as you confirm.');
        await d.expectText(confirmButton, 'Confirm transfer');
        assert.deepEqual((await env.sent(R.quote)).at(-1)?.body, env.request);
        await expectSubmissionsMatchAttempts();
      },
      async submitting() {
        await expectHeldButton(confirmButton, 'Sending…');
        await d.expectEnabled(inMain({ role: 'button', name: 'Back to edit' }), false);
        // A second click, and Enter on the focused button, send nothing more.
        await d.click(confirmButton);
        await d.press(confirmButton, 'Enter');
        await expectSubmissionsMatchAttempts();
      },
      async interrupted() {
        await d.expectText(alert, UNREACHABLE);
        await d.expectText(alert, 'Trying again is safe');
        await d.expectFocused(alert);
        await expectFacts(reviewSection, env.reviewFacts.slice(0, 1));
        await d.expectVisible(inMain({ role: 'button', name: 'Try again' }));
        await d.expectAbsent(inMain({ role: 'button', name: 'Confirm transfer' }));
        await expectSubmissionsMatchAttempts();
      },
      async failed() {
        await d.expectText(alert, TRANSFER_REFUSAL);
        await d.expectFocused(alert);
        await expectForm(typed);
        await d.expectAbsent(inMain({ role: 'button', name: 'Try again' }));
        await expectSubmissionsMatchAttempts();
      },
      async done() {
        const heading = { role: 'heading', name: 'Transfer receipt', in: receipt };
        assert.equal(await env.prints(), printsAsked, 'prints asked');
        // Focus moves to the receipt when it appears, and stays on Print once printing.
        await d.expectFocused(printsAsked > 0 ? inMain({ role: 'button', name: 'Print receipt' }) : heading);
        await d.expectText({ role: 'status', in: receipt }, 'The transfer is complete.');
        await expectFacts(receipt, [...env.receiptFacts, 'StatusSuccess']);
        await expectSubmissionsMatchAttempts();
      },
    },
    events: {
      'loadOptions.done': release,
      'loadOptions.error': release,
      'options.retry': ({ next }) => loadOptions(next, () => d.click({ role: 'button', name: 'Try again', in: alert })),
      async 'form.change'({ step }) {
        const values = typedBy[String(step.label)];
        if (!values) throw new Error(`No form for ${step.label}`);
        await typeForm(values);
        back = false;
        // Typing puts each field right as it goes (the code too), and a refusal answered the form
        // as it was: both leave. Only an attempt whose outcome is unknown stays said.
        if (message !== 'interrupted') message = 'none';
      },
      async 'form.submit'({ step, next }) {
        quotesBefore = (await env.sent(R.quote)).length;
        back = false;
        const click = () => d.click(inMain({ role: 'button', name: 'Review transfer' }));
        if (step.states.includes('quoting')) await hold(R.quote, next, click);
        else {
          await click();
          message = 'errors';
        }
      },
      async 'quoteTransfer.done'(ctx: StepContext) {
        // The quote lets go and the code check that follows is held in its turn.
        const quote = held;
        const code = d.hold(R.code);
        held = { request: code, next: ctx.next };
        await quote?.request.release();
        await code.reached;
      },
      async 'checkWithdrawalCode.done'({ step }) {
        await release();
        if (step.label === 'wrong code') message = 'wrongCode';
      },
      async 'checkWithdrawalCode.error'() {
        await release();
        message = 'interrupted';
      },
      async 'quoteTransfer.error'() {
        await release();
        message = 'unknown';
      },
      async 'review.back'() {
        await d.click(inMain({ role: 'button', name: 'Back to edit' }));
        back = true;
        if (message !== 'interrupted') message = 'none';
      },
      async 'review.confirm'({ next }) {
        await hold(R.submit, next, () => d.click(confirmButton));
        attempts.push({ sends: 1 });
      },
      'submitTransfer.done': release,
      async 'submitTransfer.error'({ step }) {
        await release();
        message = step.label === 'refused' ? 'refusal' : 'interrupted';
      },
      async 'transfer.retry'({ next }) {
        await hold(R.submit, next, () => d.click(inMain({ role: 'button', name: 'Try again' })));
        const attempt = attempts.at(-1);
        if (!attempt) throw new Error('No attempt to retry');
        attempt.sends++;
      },
      async 'receipt.print'() {
        await d.click(inMain({ role: 'button', name: 'Print receipt' }));
        printsAsked++;
      },
      async 'receipt.new'({ next }) {
        await loadOptions(next, () => d.click(inMain({ role: 'button', name: 'New transfer' })));
        clearedForm();
      },
      async 'draft.discard'() {
        await d.click(inMain({ role: 'button', name: /Discard/ }));
        clearedForm();
      },
    },
  };
}
