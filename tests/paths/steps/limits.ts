/**
 * The step table of the transfer limits on /fees (graph: limitsGraph in
 * tests/paths/machines/fees.ts), run in jsdom (tests/unit/limits.paths.test.tsx). The limits'
 * load and the change asked for are held until the path says how they end; a server error and
 * a refusal are answered in the server's place, as is a change that gets no answer.
 */
import { strict as assert } from 'node:assert';
import { feesMessages } from '../../../src/features/fees/messages';
import { enKit } from '../../../src/i18n/kit-en';
import type { Driver, HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { LIMIT_TYPED, LIMITS_SERVED } from '../machines/fees';

const F = feesMessages.en;
const L = F.limits;
/** The limits' address: read with GET, a change asked for with PUT (never both at once). */
const LIMITS_PATH = 'settings/limits';
const LOAD_FAILURE = 'Something went wrong on our side.';
const REFUSAL = 'A change of the limits already waits for a second administrator.';

const failure = (status: number, code: string, longMessage: string): HeldAnswer => ({
  status,
  body: { status: false, errors: [{ code, shortMessage: code.replaceAll('_', ' '), longMessage }] },
});

/** What only the runner knows: who changes the limits, and what the server received. */
export interface LimitsWorld {
  admin: string;
  /** How many requests the page sent for the fees and the limits, held ones included. */
  sent(): Promise<number>;
  /** The changes of the limits the page asked for, oldest first. */
  changesAsked(): Promise<unknown[]>;
}

const SECTION: Target = { testId: 'limits' };
const EDIT: Target = { role: 'button', name: L.edit, in: SECTION };
const RETRY: Target = { role: 'button', name: enKit.reports.retry, in: SECTION };
const DIALOG: Target = { role: 'dialog', name: L.formTitle };
const field = (name: keyof typeof LIMITS_SERVED): Target => ({
  label: L[name as keyof typeof L] as string,
  in: DIALOG,
});
const LARGEST = field('maxTransfer');
const THRESHOLD = field('approvalThreshold');
/** The largest transfer in force, as the section shows it. */
const LARGEST_SHOWN: Target = { text: /^XOF\s50,000,000$/, in: SECTION };

type Typed = keyof typeof LIMIT_TYPED;
/** The field the page marks for what is typed, and what it says; none for a limit it takes. */
const PROBLEM: Record<Typed, { field: Target; text: string } | null> = {
  'a limit': null,
  zero: { field: LARGEST, text: L.errors.wholeXof },
  'below the threshold': { field: THRESHOLD, text: L.errors.order },
};

export function limitsSteps(driver: Driver, world: LimitsWorld): PathSteps {
  let held: HeldRequest | undefined;
  /** What the user expects on screen, from the steps taken so far. */
  let shown = false;
  let mineAsked = false;
  let mineListed = false;
  let typed = '';
  let problem: (typeof PROBLEM)[Typed] = null;
  let failureShown: string | null = null;
  let attempts = 0;
  let sentBefore = 0;

  async function holding(cause: () => Promise<void>) {
    held = driver.hold(LIMITS_PATH);
    await cause();
    await held.reached;
  }
  async function release(answer?: HeldAnswer | 'no answer') {
    const request = held;
    held = undefined;
    await request?.release(answer);
  }

  return {
    async start() {
      shown = false;
      mineAsked = false;
      mineListed = false;
      attempts = 0;
      await holding(() => driver.open(world.admin, '/fees'));
    },
    states: {
      async loading() {
        await driver.expectAbsent({ role: 'dialog' });
        await driver.expectAbsent({ role: 'alert', in: SECTION });
        // A load after a change keeps the limits on screen meanwhile.
        if (shown) await driver.expectVisible(LARGEST_SHOWN);
        else {
          await driver.expectAbsent(LARGEST_SHOWN);
          await driver.expectEnabled(EDIT, false);
        }
      },
      async failed() {
        await driver.expectText({ role: 'alert', in: SECTION }, LOAD_FAILURE);
        await driver.expectVisible(RETRY);
      },
      async idle() {
        await driver.expectAbsent({ role: 'dialog' });
        await driver.expectAbsent({ role: 'alert', in: SECTION });
        await driver.expectVisible(LARGEST_SHOWN);
        await driver.expectText(SECTION, L.configured);
        if (mineListed) {
          // The change asked for waits for a second administrator: no other one meanwhile.
          await driver.expectText(
            { testId: 'pending-limits' },
            /^You asked for new limits on .*: they wait for a second administrator\.$/,
          );
          await driver.expectEnabled(EDIT, false);
        } else {
          await driver.expectAbsent({ testId: 'pending-limits' });
          await driver.expectEnabled(EDIT);
        }
      },
      async 'form.editing'() {
        await driver.expectVisible(DIALOG);
        await driver.expectValue(LARGEST, typed);
        await driver.expectValue(THRESHOLD, String(LIMITS_SERVED.approvalThreshold));
        for (const target of [LARGEST, THRESHOLD]) {
          await driver.expectAttribute(target, 'aria-invalid', 'true', problem?.field === target);
        }
        if (problem) await driver.expectVisible({ text: problem.text, in: DIALOG });
        if (failureShown) await driver.expectText({ role: 'alert', in: DIALOG }, failureShown);
        else await driver.expectAbsent({ role: 'alert', in: DIALOG });
        assert.equal((await world.changesAsked()).length, attempts, 'a change was asked for from the open dialog');
      },
      async 'form.submitting'() {
        await driver.expectVisible({ role: 'button', name: F.form.submitting, in: DIALOG });
        // The change is on its way, once: the dialog cannot be left meanwhile, by Cancel or Escape.
        await driver.expectEnabled({ role: 'button', name: F.form.cancel, in: DIALOG }, false);
        await driver.press(LARGEST, 'Escape');
        await driver.expectVisible(DIALOG);
        const asked = await world.changesAsked();
        assert.equal(asked.length, attempts, 'not one request per attempt');
        assert.deepEqual(asked.at(-1), {
          approvalThreshold: LIMITS_SERVED.approvalThreshold,
          customerDailyLimit: LIMITS_SERVED.customerDailyLimit,
          maxTransfer: Number(typed),
        });
      },
    },
    events: {
      async 'loadLimits.done'() {
        await release();
        shown = true;
        mineListed = mineAsked;
      },
      async 'loadLimits.error'() {
        await release(failure(500, 'INTERNAL_ERROR', LOAD_FAILURE));
      },
      async 'limits.retry'() {
        await holding(() => driver.click(RETRY));
      },
      async 'limits.edit'({ step }) {
        sentBefore = await world.sent();
        await driver.click(EDIT);
        if (step.states.includes('form.editing')) {
          typed = String(LIMITS_SERVED.maxTransfer);
          problem = null;
          failureShown = null;
        }
      },
      async 'limit.change'({ step }) {
        const label = step.label as Typed;
        await driver.fill(LARGEST, LIMIT_TYPED[label]);
        typed = LIMIT_TYPED[label];
        // A problem once shown follows the values, and goes once they are right.
        if (problem) problem = PROBLEM[label];
      },
      async 'form.cancel'() {
        await driver.click({ role: 'button', name: F.form.cancel, in: DIALOG });
      },
      async 'form.submit'({ step }) {
        const submit = () => driver.click({ role: 'button', name: F.form.submit, in: DIALOG });
        if (step.states.includes('form.submitting')) {
          await holding(submit);
          attempts++;
          failureShown = null;
        } else {
          // Refused in place: nothing is sent.
          await submit();
          problem = PROBLEM[(Object.entries(LIMIT_TYPED).find(([, v]) => v === typed)?.[0] ?? 'a limit') as Typed];
        }
      },
      async 'submitLimits.done'() {
        // The limits load again at once: held like the first load.
        const change = held;
        held = driver.hold(LIMITS_PATH);
        await change?.release();
        await held.reached;
        mineAsked = true;
        await driver.expectVisible({ text: F.limitsDone });
      },
      async 'submitLimits.error'({ step }) {
        if (step.label === 'no answer') {
          await release('no answer');
          failureShown = enKit.transfers.networkError;
        } else {
          await release(failure(409, 'CHANGE_PENDING', REFUSAL));
          failureShown = REFUSAL;
        }
      },
    },
    async nothingSent() {
      assert.equal(await world.sent(), sentBefore, 'a request left the page');
    },
  };
}
