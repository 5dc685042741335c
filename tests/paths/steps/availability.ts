/**
 * The step table of the duplicate check while a number is typed (tests/paths/machines/intake.ts):
 * the national ID on the first step of the customer registration form. The check is asked once
 * typing pauses and is held until the path says how it ends; an answer that comes for a number
 * no longer typed is let go after the new number is typed, and must not show.
 */
import { strict as assert } from 'node:assert';
import { en, said } from '../../messages';
import type { Driver, HeldRequest } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { AVAILABILITY_HOLDER, AVAILABILITY_TYPED } from '../machines/intake';
import { field, inMain, PAGE, REGISTRATION_REQUESTS, REGISTRATION_USER, stepHeading } from './registration-page';

type Typed = keyof typeof AVAILABILITY_TYPED;

export interface AvailabilityEnv {
  /** The national IDs the page asked about, oldest first, as the API stores them. */
  asked(): Promise<string[]>;
  /** The national ID as the API stores it. */
  stored(typed: string): string;
}

const WARNING = inMain({ text: said(en.registration.duplicates.nationalIdOf, { account: AVAILABILITY_HOLDER }) });

export function availabilitySteps(driver: Driver, env: AvailabilityEnv): PathSteps {
  /** What the user expects, from the steps taken so far. */
  let typed: Typed | null = null;
  let onField = '';
  let answered: { typed: Typed; taken: boolean } | null = null;
  let asked = 0;
  let held: HeldRequest | undefined;

  const expectField = () => driver.expectValue(field('nationalId'), onField);
  /** The warning shows while the number typed is one the server said is taken. */
  async function expectWarning() {
    if (typed !== null && answered?.typed === typed && answered.taken) await driver.expectVisible(WARNING);
    else await driver.expectAbsent(WARNING);
  }
  async function expectAsked() {
    assert.equal((await env.asked()).length, asked, 'how many checks were asked');
  }

  return {
    async start() {
      typed = null;
      onField = '';
      answered = null;
      asked = 0;
      held = undefined;
      await driver.open(REGISTRATION_USER, PAGE);
      await driver.expectVisible(stepHeading('Identity'));
    },
    states: {
      async idle() {
        await expectField();
        await expectWarning();
        assert.equal(driver.held(), 0, 'no check on its way');
        await expectAsked();
      },
      async waiting() {
        await expectField();
        await expectWarning();
      },
      async checking() {
        await expectField();
        await expectWarning();
        assert.equal(driver.held(), 1, 'one check on its way');
        assert.equal((await env.asked()).at(-1), env.stored(AVAILABILITY_TYPED[typed as Typed]));
      },
    },
    events: {
      async 'number.typed'({ step, next }) {
        const stale = held;
        held = undefined;
        typed = step.label === 'partial' ? null : (step.label as Typed);
        // A pause after a whole number asks about it: held from the first keystroke on, so no
        // answer comes before the path says (not when the number is typed over at once).
        if (typed !== null && next?.name !== 'number.typed') held = driver.hold(REGISTRATION_REQUESTS.check);
        onField = AVAILABILITY_TYPED[step.label as Typed];
        await driver.fill(field('nationalId'), onField);
        // The answer about the number typed before comes now, and is not shown.
        await stale?.release();
      },
      async 'after(availabilityDebounce)@waiting'() {
        await held?.reached;
        asked++;
      },
      async 'checkAvailability.done'() {
        await held?.release();
        held = undefined;
        answered = { typed: typed as Typed, taken: typed === 'taken' };
      },
      async 'checkAvailability.error'() {
        await held?.release('no answer');
        held = undefined;
      },
    },
  };
}
