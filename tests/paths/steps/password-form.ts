/**
 * The step table of the password form at /change-password (the graph is
 * tests/paths/machines/users.ts), against the shared driver. The change is held until the path
 * says how it ends: the server's own answer, or a refusal in its place.
 */
import { passwordMessages } from '../../../src/routes/password/messages';
import type { Driver, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { PASSWORD_TYPED } from '../machines/users';
import { answerOf, USERS_SERVER_ERROR } from './users';

const M = passwordMessages.en;
const CHANGE = 'auth/password';
const MAIN: Target = { role: 'main' };
const inMain = (target: Target): Target => ({ ...target, in: MAIN });
const FIELDS = {
  current: inMain({ label: M.current }),
  next: inMain({ label: M.new }),
  repeat: inMain({ label: M.repeat }),
};
const SUBMIT = inMain({ role: 'button', name: M.change.submit });

type Typed = (typeof PASSWORD_TYPED)[keyof typeof PASSWORD_TYPED];

/** A step table for one path: it keeps what the form should show from its own steps. */
export function passwordFormSteps(d: Driver, username: string): PathSteps {
  let held: HeldRequest | undefined;
  let typed: { current: string; next: string; repeat: string } = { current: '', next: '', repeat: '' };
  let problem: Typed['problem'] = null;
  let refused = false;

  async function expectInvalid(field: keyof typeof FIELDS, invalid: boolean) {
    await d.expectAttribute(FIELDS[field], 'aria-invalid', 'true', invalid);
  }

  return {
    async start() {
      await d.open(username, '/change-password');
      await d.expectVisible(inMain({ role: 'heading', name: M.change.title }));
    },
    states: {
      async editing() {
        await d.expectVisible(SUBMIT);
        for (const field of ['current', 'next', 'repeat'] as const) await d.expectValue(FIELDS[field], typed[field]);
        const told = problem ? M.problems[problem] : refused ? USERS_SERVER_ERROR : null;
        if (told) await d.expectText(inMain({ role: 'alert' }), told);
        else await d.expectAbsent(inMain({ role: 'alert' }));
        // A missing current password marks that field; any other problem, the new ones.
        await expectInvalid('current', problem === 'currentMissing');
        await expectInvalid('next', problem !== null && problem !== 'currentMissing');
      },
      async saving() {
        await d.expectVisible(inMain({ role: 'button', name: M.saving }));
        await d.expectAbsent(inMain({ role: 'alert' }));
      },
      async done() {
        await d.expectText(inMain({ role: 'status' }), M.change.done);
        await d.expectAbsent(SUBMIT);
      },
    },
    events: {
      async 'password.submit'({ step }) {
        const form = PASSWORD_TYPED[step.label as keyof typeof PASSWORD_TYPED];
        if (!form) throw new Error(`Nothing to type for ${step.label}`);
        for (const field of ['current', 'next', 'repeat'] as const) await d.fill(FIELDS[field], form[field]);
        typed = { current: form.current, next: form.next, repeat: form.repeat };
        if (step.states.includes('saving')) {
          held = d.hold(CHANGE);
          await d.click(SUBMIT);
          await held.reached;
        } else {
          // Refused in place: nothing is sent.
          await d.click(SUBMIT);
          problem = form.problem;
          refused = false;
        }
      },
      async 'password.edit'({ step }) {
        if (step.states.includes('editing') && problem === null) {
          // "Change it again" after a change: an empty form.
          await d.click(inMain({ role: 'button', name: M.change.again }));
          typed = { current: '', next: '', repeat: '' };
          refused = false;
          return;
        }
        // Typing in a field takes the problem away; here, the new password again, as the first.
        await d.fill(FIELDS.repeat, typed.next);
        typed = { ...typed, repeat: typed.next };
        problem = null;
      },
      async 'changePassword.done'() {
        // The server's own answer: the demo password was typed as the current one.
        await held?.release();
        held = undefined;
      },
      async 'changePassword.error'({ step }) {
        await held?.release(answerOf(step));
        held = undefined;
        refused = true;
      },
    },
  };
}
