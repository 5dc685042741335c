/**
 * The step table of /onboard-student (the graph is onboardGraph in tests/paths/machines/
 * queues.ts), run in jsdom by tests/unit/onboard.paths.test.tsx over the fake registration
 * server. What the manager types is a whole form, named by its first name; the submission is
 * held until the path says how it ends. The phone an account already uses is refused by the
 * fake server itself; only its server error is answered in its place.
 */
import { enKit } from '../../../src/i18n/kit-en';
import { dayTextOf } from '../../../src/ui/form/day-text';
import { en } from '../../messages';
import type { HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import type { SelectingDriver } from './approvals';

const S = en.students.onboard;
const SERVER_FAILURE = 'Something went wrong on our side.';
const SERVER_ERROR: HeldAnswer = {
  status: 500,
  body: {
    status: false,
    errors: [{ code: 'INTERNAL_ERROR', shortMessage: 'Internal error', longMessage: SERVER_FAILURE }],
  },
};

const LABELS = {
  firstName: /^First name/,
  lastName: /^Last name/,
  birthDate: /^Date of birth/,
  school: /^School/,
  level: /^Level/,
  guardianPhone: /^Guardian’s phone/,
  phone: /^Student’s own phone/,
};
type StudentForm = Partial<Record<keyof typeof LABELS, string>>;

const VALID: StudentForm = {
  firstName: 'Aïssatou',
  lastName: 'Ndour',
  birthDate: '2010-05-01',
  school: 'Collège Sacré-Cœur',
  level: 'middle_school',
  guardianPhone: '77 222 33 44',
};
/** Each whole form the graph names, by its label. */
const FORMS: Record<string, StudentForm> = {
  valid: VALID,
  'taken phone': { ...VALID, firstName: 'Awa', phone: '77 111 22 33' },
  invalid: { ...VALID, firstName: 'Khadija', guardianPhone: '77 222' },
};
/** What the page says beside a field it refuses, by form. */
const REFUSED: Record<string, { field: keyof typeof LABELS; text: string; times?: number }> = {
  invalid: { field: 'guardianPhone', text: enKit.registration.validation.phone },
  'taken phone': { field: 'phone', text: 'An account already uses this phone number.' },
  // Each of the six required fields says so.
  empty: { field: 'firstName', text: enKit.registration.validation.required, times: 6 },
};

/** What only the runner knows: who onboards, and how many students the page has sent. */
export interface OnboardWorld {
  manager: string;
  sent(): number;
}

const MAIN: Target = { role: 'main' };
const SUBMIT: Target = { role: 'button', name: S.submit, in: MAIN };
const field = (name: keyof typeof LABELS): Target => ({ label: LABELS[name], in: MAIN });

export function onboardSteps(driver: SelectingDriver, world: OnboardWorld): PathSteps {
  let held: HeldRequest | undefined;
  /** What the user expects on screen, from the steps taken so far. */
  let typed: string | null = null;
  let refused: string | null = null;
  let failure: string | null = null;
  let sentBefore = 0;

  return {
    async start() {
      held = undefined;
      typed = null;
      refused = null;
      failure = null;
      await driver.open(world.manager, '/onboard-student');
      await driver.expectVisible(SUBMIT);
    },
    states: {
      async editing() {
        await driver.expectVisible(SUBMIT);
        await driver.expectValue(field('firstName'), typed ? (FORMS[typed]?.firstName ?? '') : '');
        const refusal = refused ? REFUSED[refused] : undefined;
        if (refusal) {
          await driver.expectAttribute(field(refusal.field), 'aria-invalid', 'true');
          const said = { text: refusal.text, in: MAIN };
          await driver.expectTexts(said, Array<string>(refusal.times ?? 1).fill(refusal.text));
        } else await driver.expectAttribute(field('firstName'), 'aria-invalid', 'true', false);
        if (failure) await driver.expectText({ role: 'alert', in: MAIN }, failure);
        else await driver.expectAbsent({ role: 'alert', in: MAIN });
      },
      async submitting() {
        await driver.expectVisible({ role: 'button', name: S.submitting, in: MAIN });
        if (world.sent() !== sentBefore + 1) throw new Error('Not exactly one student was sent');
      },
      async done() {
        await driver.expectVisible({ role: 'heading', name: S.done, in: MAIN });
        await driver.expectVisible({ testId: 'student-wallet' });
        await driver.expectAbsent(SUBMIT);
      },
    },
    events: {
      async 'field.change'({ step }) {
        const form = FORMS[step.label ?? ''];
        if (!form) throw new Error(`No form named ${step.label}`);
        for (const [name, value] of Object.entries(form) as [keyof typeof LABELS, string][]) {
          if (name === 'level') await driver.selectOption(field(name), value);
          else await driver.fill(field(name), name === 'birthDate' ? dayTextOf(value) : value);
        }
        typed = step.label ?? null;
      },
      async 'student.submit'({ step }) {
        sentBefore = world.sent();
        if (step.states.includes('submitting')) {
          held = driver.hold('students');
          await driver.click(SUBMIT);
          await held.reached;
          failure = null;
          refused = null;
          return;
        }
        // Refused in place: each field says what is wrong, and nothing is sent.
        await driver.click(SUBMIT);
        refused = typed ?? 'empty';
        if (world.sent() !== sentBefore) throw new Error('A refused form was sent');
      },
      async 'onboardStudent.done'() {
        await held?.release();
      },
      async 'onboardStudent.error'({ step }) {
        if (step.label === 'phone taken') {
          await held?.release();
          refused = 'taken phone';
        } else {
          await held?.release(SERVER_ERROR);
          failure = SERVER_FAILURE;
        }
      },
      async 'student.new'() {
        await driver.click({ role: 'button', name: S.another, in: MAIN });
        typed = null;
        refused = null;
      },
    },
  };
}
