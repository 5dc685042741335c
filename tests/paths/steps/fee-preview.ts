/**
 * The step table of the fee preview on /fees (graph: feePreviewGraph in
 * tests/paths/machines/fees.ts), run in jsdom (tests/unit/fee-preview.paths.test.tsx). The page
 * asks after a pause in typing (the machine's own delay, in real time); each question is held
 * until the path says how it ends (one the user replaced stays held until the path ends). An
 * amount no band covers is answered in the server's place.
 */
import { strict as assert } from 'node:assert';
import { feesMessages } from '../../../src/features/fees/messages';
import type { HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { PREVIEW_FLOWS, PREVIEW_TYPED } from '../machines/fees';
import type { SelectingDriver } from './approvals';

const P = feesMessages.en.preview;
const PREVIEW = 'fees/preview';
const OUT_OF_RANGE = 'No band of this transfer covers this amount.';

/** What only the runner knows: who previews, and the figures the server gives. */
export interface FeePreviewWorld {
  admin: string;
  /** The total the server answers for an amount, as the page writes it (`XOF 20,200`). */
  totalShown(amount: number): RegExp;
  /** The questions the page asked, held ones included: transfer and amount. */
  asked(): Promise<{ flowId: string; amount: number }[]>;
}

const BOX: Target = { testId: 'fee-preview' };
const AMOUNT: Target = { label: P.amount, in: BOX };
const FLOW: Target = { label: P.flow, in: BOX };
const ANSWER: Target = { testId: 'preview-answer', in: BOX };
const TOTAL: Target = { testId: 'preview-total', in: BOX };

type Typed = keyof typeof PREVIEW_TYPED;

export function feePreviewSteps(driver: SelectingDriver, world: FeePreviewWorld): PathSteps {
  /** The next question, held before the pause that sends it ends; the ones sent and not answered. */
  let next: HeldRequest | undefined;
  let out: HeldRequest[] = [];
  /** What the user expects on screen, from the steps taken so far. */
  let flowId: string = PREVIEW_FLOWS.first;
  let typed = '';
  let figures: number | null = null;
  let failureShown: string | null = null;
  let questions: { flowId: string; amount: number }[] = [];

  /** A question will follow the pause: held, so the path says how it ends. */
  function holdNext() {
    next ??= driver.hold(PREVIEW);
  }
  async function expectFailure() {
    if (failureShown) {
      await driver.expectAttribute(AMOUNT, 'aria-invalid', 'true');
      await driver.expectVisible({ text: failureShown, in: BOX });
    } else await driver.expectAttribute(AMOUNT, 'aria-invalid', 'true', false);
  }
  async function expectFigures() {
    if (figures === null) await driver.expectAbsent(TOTAL);
    else await driver.expectText(TOTAL, world.totalShown(figures));
  }
  async function releaseAll(answer?: HeldAnswer) {
    const requests = out;
    out = [];
    for (const [i, request] of requests.entries())
      await request.release(i === requests.length - 1 ? answer : undefined);
  }

  return {
    async start() {
      next = undefined;
      out = [];
      flowId = PREVIEW_FLOWS.first;
      typed = '';
      figures = null;
      failureShown = null;
      questions = [];
      await driver.open(world.admin, '/fees');
    },
    states: {
      async idle() {
        await driver.expectAttribute(ANSWER, 'aria-busy', 'false');
        await driver.expectValue(AMOUNT, typed);
        await driver.expectValue(FLOW, flowId);
        await expectFigures();
        if (figures === null) await driver.expectText(ANSWER, P.empty);
        await expectFailure();
        assert.deepEqual(await world.asked(), questions, 'a question the path did not ask');
      },
      async waiting() {
        // Busy from the first key: the question leaves once typing pauses.
        await driver.expectAttribute(ANSWER, 'aria-busy', 'true');
        await driver.expectValue(AMOUNT, typed);
        await expectFigures();
        if (figures === null) await driver.expectText(ANSWER, P.busy);
        await expectFailure();
      },
      async asking() {
        await driver.expectAttribute(ANSWER, 'aria-busy', 'true');
        await expectFigures();
        if (figures === null) await driver.expectText(ANSWER, P.busy);
        assert.deepEqual(await world.asked(), questions, 'not one question per pause');
      },
    },
    events: {
      async 'preview.amount'({ step }) {
        const value = PREVIEW_TYPED[step.label as Typed];
        if (step.states.includes('waiting')) holdNext();
        // Typing over the field empties it first: the figures and the error go with it.
        await driver.fill(AMOUNT, value);
        typed = value;
        figures = null;
        failureShown = null;
      },
      async 'preview.flow'({ step }) {
        if (step.states.includes('waiting')) holdNext();
        else {
          // No amount to ask about: the box is emptied.
          figures = null;
          failureShown = null;
        }
        await driver.selectOption(FLOW, feesMessages.en.flows[PREVIEW_FLOWS.chosen]);
        flowId = PREVIEW_FLOWS.chosen;
      },
      async 'after(typingPause)@waiting'() {
        const request = next;
        if (!request) throw new Error('No question was held for the pause');
        next = undefined;
        await request.reached;
        out.push(request);
        questions = [...questions, { flowId, amount: Number(typed) }];
      },
      async 'previewFee.done'() {
        await releaseAll();
        figures = Number(typed);
        failureShown = null;
      },
      async 'previewFee.error'() {
        await releaseAll({
          status: 422,
          body: {
            status: false,
            errors: [{ code: 'AMOUNT_OUT_OF_RANGE', shortMessage: 'AMOUNT OUT OF RANGE', longMessage: OUT_OF_RANGE }],
          },
        });
        figures = null;
        failureShown = OUT_OF_RANGE;
      },
    },
  };
}
