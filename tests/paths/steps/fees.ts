/**
 * The step table of one flow's bands on /fees (graph: feesGraph in tests/paths/machines/fees.ts),
 * run in jsdom (tests/unit/fees.paths.test.tsx). The page's load and the change asked for are
 * held until the path says how they end; a server error and a refusal are answered in the
 * server's place, as is a change that gets no answer.
 */
import { strict as assert } from 'node:assert';
import type { FeeBandBody } from '../../../contract/fees';
import { feesMessages } from '../../../src/features/fees/messages';
import { enKit } from '../../../src/i18n/kit-en';
import { said } from '../../messages';
import type { Driver, HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { FEE_BAND, FEE_TYPED } from '../machines/fees';

const F = feesMessages.en;
const LOAD = 'fees';
const CHANGE = 'fees/cash-out';
const CASH_OUT = F.flows['cash-out'];
const THEIRS = F.flows['agent-cash-in'];
const LOAD_FAILURE = 'Something went wrong on our side.';
const REFUSAL = 'A change of this flow already waits for a second administrator.';

const failure = (status: number, code: string, longMessage: string): HeldAnswer => ({
  status,
  body: { status: false, errors: [{ code, shortMessage: code.replaceAll('_', ' '), longMessage }] },
});

/** What only the runner knows: who changes the fees, and what the server received. */
export interface FeesWorld {
  admin: string;
  /** How many requests the page sent for the fees and the limits, held ones included. */
  sent(): Promise<number>;
  /** The changes of cash-out's bands the page asked for, oldest first. */
  changesAsked(): Promise<{ bands: FeeBandBody[] }[]>;
}

const MAIN: Target = { role: 'main' };
const DIALOG: Target = { role: 'dialog', name: said(F.form.title, { flow: CASH_OUT }) };
const editButton = (flow: string): Target => ({
  role: 'button',
  name: said(F.schedules.editLabel, { flow }),
  in: MAIN,
});
const band = (n: number): Target => ({ role: 'group', name: said(F.form.band, { n }), in: DIALOG });
const FIXED_FEE: Target = { label: F.form.fixedFee, in: band(1) };
const SCHEDULES: Target = { role: 'heading', name: F.schedules.title, in: MAIN };

export function feesSteps(driver: Driver, world: FeesWorld): PathSteps {
  let held: HeldRequest | undefined;
  /** What the user expects on screen, from the steps taken so far. */
  let listed = false;
  let mineAsked = false;
  let mineListed = false;
  let bands = 0;
  let fixedFee = '';
  let errorsShown = false;
  let failureShown: string | null = null;
  let attempts = 0;
  let sentBefore = 0;

  async function holding(path: string, cause: () => Promise<void>) {
    held = driver.hold(path);
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
      listed = false;
      mineAsked = false;
      mineListed = false;
      attempts = 0;
      await holding(LOAD, () => driver.open(world.admin, '/fees'));
    },
    states: {
      async loading() {
        await driver.expectAbsent({ role: 'dialog' });
        // A load after a change keeps the schedules on screen meanwhile.
        if (listed) await driver.expectVisible(SCHEDULES);
        else {
          await driver.expectVisible({ text: F.loading, in: MAIN });
          await driver.expectAbsent(SCHEDULES);
        }
      },
      async failed() {
        await driver.expectText({ role: 'alert', in: MAIN }, LOAD_FAILURE);
        await driver.expectVisible({ role: 'button', name: enKit.reports.retry, in: MAIN });
        await driver.expectAbsent({ text: F.loading, in: MAIN });
      },
      async 'ready.idle'() {
        await driver.expectAbsent({ role: 'dialog' });
        await driver.expectVisible({ role: 'table', name: said(F.schedules.caption, { flow: CASH_OUT }) });
        // Another administrator's change waits: that flow cannot be changed meanwhile.
        await driver.expectVisible({ testId: 'pending-agent-cash-in' });
        await driver.expectEnabled(editButton(THEIRS), false);
        if (mineListed) {
          await driver.expectText({ testId: 'pending-cash-out' }, /^You asked for new bands/);
          await driver.expectEnabled(editButton(CASH_OUT), false);
        } else {
          await driver.expectAbsent({ testId: 'pending-cash-out' });
          await driver.expectEnabled(editButton(CASH_OUT));
        }
      },
      async 'ready.form.editing'() {
        await driver.expectVisible(DIALOG);
        await driver.expectVisible(band(bands));
        await driver.expectAbsent(band(bands + 1));
        await driver.expectValue(FIXED_FEE, fixedFee);
        await driver.expectAttribute(FIXED_FEE, 'aria-invalid', 'true', errorsShown);
        if (failureShown) await driver.expectText({ role: 'alert', in: DIALOG }, failureShown);
        else await driver.expectAbsent({ role: 'alert', in: DIALOG });
        await driver.expectEnabled({ role: 'button', name: F.form.cancel, in: DIALOG });
        assert.equal((await world.changesAsked()).length, attempts, 'a change was asked for from the open dialog');
      },
      async 'ready.form.submitting'() {
        await driver.expectVisible({ role: 'button', name: F.form.submitting, in: DIALOG });
        // The change is on its way, once: the dialog cannot be left meanwhile, by Cancel or Escape.
        await driver.expectEnabled({ role: 'button', name: F.form.cancel, in: DIALOG }, false);
        await driver.press(FIXED_FEE, 'Escape');
        await driver.expectVisible(DIALOG);
        const asked = await world.changesAsked();
        assert.equal(asked.length, attempts, 'not one request per attempt');
        // The bands as typed.
        const sent = asked.at(-1)?.bands ?? [];
        assert.equal(sent.length, bands);
        assert.equal(sent[0]?.fixedFee, Number(fixedFee));
      },
    },
    events: {
      async 'loadFees.done'() {
        await release();
        listed = true;
        mineListed = mineAsked;
      },
      async 'loadFees.error'() {
        await release(failure(500, 'INTERNAL_ERROR', LOAD_FAILURE));
      },
      async 'fees.retry'() {
        await holding(LOAD, () => driver.click({ role: 'button', name: enKit.reports.retry, in: MAIN }));
      },
      async 'schedule.edit'({ step }) {
        const flow = step.label === 'cash-out' ? CASH_OUT : THEIRS;
        sentBefore = await world.sent();
        await driver.click(editButton(flow));
        if (step.states.includes('ready.form.editing')) {
          bands = 1;
          fixedFee = String(FEE_BAND.fixedFee);
          errorsShown = false;
          failureShown = null;
        }
      },
      async 'band.change'({ step }) {
        const value = FEE_TYPED[step.label as keyof typeof FEE_TYPED];
        await driver.fill(FIXED_FEE, value);
        fixedFee = value;
        // Errors once shown follow the values, and go once the bands are right.
        errorsShown = errorsShown && value !== FEE_TYPED['a fee'];
      },
      async 'band.add'() {
        await driver.click({ role: 'button', name: F.form.add, in: DIALOG });
        bands++;
      },
      async 'band.remove'() {
        await driver.click({ role: 'button', name: said(F.form.remove, { n: bands }), in: DIALOG });
        bands--;
      },
      async 'form.cancel'() {
        await driver.click({ role: 'button', name: F.form.cancel, in: DIALOG });
      },
      async 'form.submit'({ step }) {
        const submit = () => driver.click({ role: 'button', name: F.form.submit, in: DIALOG });
        if (step.states.includes('ready.form.submitting')) {
          await holding(CHANGE, submit);
          attempts++;
          failureShown = null;
        } else {
          // Refused in place: nothing is sent, and the first wrong field takes the focus.
          await submit();
          errorsShown = true;
          await driver.expectFocused(FIXED_FEE);
        }
      },
      async 'submitChange.done'() {
        // The page loads again at once: held like the first load.
        const change = held;
        held = driver.hold(LOAD);
        await change?.release();
        await held.reached;
        mineAsked = true;
        await driver.expectVisible({ text: said(F.done, { flow: CASH_OUT }) });
      },
      async 'submitChange.error'({ step }) {
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
