/**
 * The step table of /chargeback-voucher's panel where the maker asks for a chargeback (the graph
 * is askGraph in tests/paths/machines/queues.ts), run in jsdom by tests/unit/ask.paths.test.tsx
 * over a small stateful fake server. A lookup and the request are held until the path says how
 * they end. Which transaction the maker types is chosen from how its lookup ends (one that can
 * be reversed, one that cannot, one no transaction has); only the request's server error is
 * answered in the server's place.
 */
import { REASON_MIN } from '../../../contract/reasons';
import { en, said } from '../../messages';
import type { Driver, HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathSteps, StepContext } from '../graph-adapter';

const C = en.chargebacks;
const REASON = 'The customer was charged twice';
const SERVER_FAILURE = 'Something went wrong on our side.';
const SERVER_ERROR: HeldAnswer = {
  status: 500,
  body: {
    status: false,
    errors: [{ code: 'INTERNAL_ERROR', shortMessage: 'Internal error', longMessage: SERVER_FAILURE }],
  },
};

/** What only the runner knows: who asks, the references the server knows, what it was sent. */
export interface AskWorld {
  maker: string;
  references: { reversible: string; refused: string; unknown: string };
  /** The server's words for the unknown reference. */
  notFound: string;
  /** How many lookups and chargeback requests the page has sent. */
  sent(): { lookups: number; requests: number };
}

const PANEL: Target = { role: 'region', name: C.ask.title };
const REFERENCE: Target = { label: new RegExp(`^${C.ask.reference}`), in: PANEL };
const REASON_FIELD: Target = { label: new RegExp(`^${C.ask.reason}`), in: PANEL };
const TRANSACTION: Target = { testId: 'chargeback-transaction' };

export function askSteps(driver: Driver, world: AskWorld): PathSteps {
  let held: HeldRequest | undefined;
  /** What the user expects on screen, from the steps taken so far. */
  let reference = '';
  let refused = false;
  let invalid = false;
  let reason = '';
  let reasonRefused = false;
  let failure: string | null = null;
  let before = world.sent();

  const found = (): Target => ({ role: 'heading', name: said(C.tx.title, { reference }), in: PANEL });
  async function release(answer?: HeldAnswer) {
    const request = held;
    held = undefined;
    await request?.release(answer);
  }
  async function expectFailure() {
    if (failure) await driver.expectText({ role: 'alert', in: PANEL }, failure);
    else if (!refused) await driver.expectAbsent({ role: 'alert', in: PANEL });
  }
  /** The reference whose lookup ends as the next step says. */
  function referenceFor({ next }: StepContext) {
    if (next?.label === 'not reversible') return world.references.refused;
    if (next?.label === 'not found') return world.references.unknown;
    return world.references.reversible;
  }

  return {
    async start() {
      held = undefined;
      reference = '';
      refused = false;
      invalid = false;
      reason = '';
      reasonRefused = false;
      failure = null;
      await driver.open(world.maker, '/chargeback-voucher');
      await driver.expectVisible(REFERENCE);
    },
    states: {
      async idle() {
        await driver.expectAbsent(TRANSACTION);
        await driver.expectAbsent({ role: 'button', name: C.ask.another, in: PANEL });
        const problem: Target = { text: C.ask.referenceInvalid, in: PANEL };
        if (invalid) {
          await driver.expectVisible(problem);
          await driver.expectAttribute(REFERENCE, 'aria-invalid', 'true');
        } else await driver.expectAbsent(problem);
        await expectFailure();
      },
      async looking() {
        await driver.expectVisible({ role: 'button', name: C.ask.finding, in: PANEL });
        await driver.expectAbsent(TRANSACTION);
      },
      async found() {
        await driver.expectVisible(found());
        if (refused) {
          await driver.expectText({ role: 'alert', in: PANEL }, C.refusals.CHARGEBACK_EXISTS);
          await driver.expectAbsent(REASON_FIELD);
          return;
        }
        await driver.expectValue(REASON_FIELD, reason);
        const problem: Target = { text: said(C.ask.reasonProblem, { min: REASON_MIN }), in: PANEL };
        if (reasonRefused) await driver.expectVisible(problem);
        else await driver.expectAbsent(problem);
        await expectFailure();
      },
      async submitting() {
        await driver.expectVisible({ role: 'button', name: C.ask.submitting, in: PANEL });
        await driver.expectVisible(found());
        if (world.sent().requests !== before.requests + 1) throw new Error('Not exactly one request was sent');
      },
      async done() {
        await driver.expectText({ role: 'status', in: PANEL }, said(C.ask.done, { reference }));
        await driver.expectVisible({ role: 'button', name: C.ask.another, in: PANEL });
        await driver.expectAbsent(TRANSACTION);
      },
    },
    events: {
      async 'reference.lookup'(ctx) {
        const { step } = ctx;
        const typed = step.label === 'malformed' ? '42' : referenceFor(ctx);
        const lookups = world.sent().lookups;
        await driver.fill(REFERENCE, typed.toLowerCase());
        const find = () => driver.click({ role: 'button', name: C.ask.find, in: PANEL });
        if (step.states.includes('looking')) {
          held = driver.hold(`chargeback-transactions/${typed}`);
          await find();
          await held.reached;
          reference = typed;
          invalid = false;
          failure = null;
          refused = false;
          reason = '';
          reasonRefused = false;
          return;
        }
        await find();
        if (step.states.includes('idle')) {
          // Refused in place: the field says why, the transaction found before goes.
          invalid = true;
          failure = null;
          refused = false;
        }
        // Nothing is looked up: a malformed reference, or a request on its way.
        if (world.sent().lookups !== lookups) throw new Error('A lookup was sent');
      },
      async 'lookupTransaction.done'({ step }) {
        await release();
        refused = step.label === 'not reversible';
      },
      async 'lookupTransaction.error'() {
        await release();
        failure = world.notFound;
      },
      async 'reason.change'() {
        await driver.fill(REASON_FIELD, REASON);
        reason = REASON;
        reasonRefused = false;
      },
      async 'chargeback.submit'({ step }) {
        before = world.sent();
        const submit = () => driver.click({ role: 'button', name: C.ask.submit, in: PANEL });
        if (step.states.includes('submitting')) {
          held = driver.hold('chargebacks');
          await submit();
          await held.reached;
          failure = null;
        } else {
          await submit();
          reasonRefused = true;
          if (world.sent().requests !== before.requests) throw new Error('A chargeback without a reason was sent');
        }
      },
      async 'requestChargeback.done'() {
        await release();
      },
      async 'requestChargeback.error'() {
        await release(SERVER_ERROR);
        failure = SERVER_FAILURE;
      },
      async 'ask.reset'() {
        await driver.click({ role: 'button', name: C.ask.another, in: PANEL });
        reference = '';
        reason = '';
        await driver.expectValue(REFERENCE, '');
      },
    },
  };
}
