/**
 * The step table of an admin's reset of another user's two-factor (the card under /two-factor;
 * the graph is tests/paths/machines/users.ts), against the shared driver. The lookup and the
 * reset are held until the path says how they end, and answered with the graph's own outcome.
 */
import { twoFactorMessages } from '../../../src/features/two-factor/messages';
import { formatDateTime } from '../../../src/ui/values';
import { said } from '../../messages';
import type { Driver, HeldRequest, Target } from '../driver';
import type { PathStep, PathSteps } from '../graph-adapter';
import { RESET_TARGET } from '../machines/users';
import { answerOf, USERS_SERVER_ERROR } from './users';

const M = twoFactorMessages.en.admin;
const CARD: Target = { role: 'region', name: M.title };
const inCard = (target: Target): Target => ({ ...target, in: CARD });
const TARGET: Target = inCard({ testId: 'reset-target' });
const LOOKUP = `two-factor/users/${RESET_TARGET.username}`;
const RESET = `${LOOKUP}/reset`;

type Status = typeof RESET_TARGET;

/** What only the runner knows: how many lookups and resets have reached the server. */
export interface AdminResetWorld {
  requestsSent(): number;
}

/** A step table for one path: it keeps what the card should show from its own steps. */
export function adminResetSteps(d: Driver, world: AdminResetWorld): PathSteps {
  const held = new Map<string, HeldRequest>();
  /** A lookup or a reset is on its way (the card says so). */
  let busy = false;
  let found: Status | null = null;
  let failed = false;
  let missing = false;
  let outcome: 'reset' | 'waits' | null = null;

  async function holding(path: string, cause: () => Promise<void>) {
    const request = d.hold(path);
    held.set(path, request);
    await cause();
    await request.reached;
  }
  function take(path: string) {
    const request = held.get(path);
    if (!request) throw new Error(`No request held for ${path}`);
    held.delete(path);
    return request;
  }
  const output = (step: PathStep) => (step.event as unknown as { output: { target: Status } }).output;

  const find = () => d.click(inCard({ role: 'button', name: M.find }));

  return {
    async start() {
      await d.open('admin', '/two-factor');
      await d.expectVisible(CARD);
    },
    states: {
      async idle() {
        await d.expectAbsent(TARGET);
        if (failed) await d.expectText(inCard({ role: 'alert' }), USERS_SERVER_ERROR);
        else await d.expectAbsent(inCard({ role: 'alert' }));
        if (missing) await d.expectVisible(inCard({ text: M.usernameMissing }));
        else await d.expectAbsent(inCard({ text: M.usernameMissing }));
        await d.expectAttribute(inCard({ role: 'button', name: M.find }), 'aria-disabled', 'true', false);
      },
      async looking() {
        await d.expectAttribute(inCard({ role: 'button', name: M.finding }), 'aria-disabled', 'true');
        await d.expectAbsent(inCard({ role: 'alert' }));
      },
      async found() {
        if (!found) throw new Error('No user was found');
        await d.expectText(TARGET, said(M.result, { name: found.name, username: found.username }));
        const { enabledAt } = found;
        await d.expectText(TARGET, enabledAt ? said(M.on, { when: formatDateTime(enabledAt) }) : M.off);
        const reset = inCard({ role: 'button', name: M.reset });
        if (found.enabled) await d.expectVisible(reset);
        else await d.expectAbsent(reset);
        const told = outcome && said(outcome === 'waits' ? M.requested : M.done, { username: found.username });
        if (told) await d.expectText(inCard({ role: 'status' }), told);
        if (failed) await d.expectText(inCard({ role: 'alert' }), USERS_SERVER_ERROR);
        else await d.expectAbsent(inCard({ role: 'alert' }));
      },
      async confirming() {
        await d.expectVisible(inCard({ text: said(M.confirm, { username: RESET_TARGET.username }) }));
        await d.expectVisible(inCard({ role: 'button', name: M.confirmYes }));
        await d.expectEnabled(inCard({ role: 'button', name: M.cancel }));
      },
      async resetting() {
        await d.expectAttribute(inCard({ role: 'button', name: M.resetting }), 'aria-disabled', 'true');
        await d.expectEnabled(inCard({ role: 'button', name: M.cancel }), false);
      },
    },
    events: {
      async 'lookup.submit'({ step }) {
        const username = String((step.event as { username?: string }).username);
        const field = inCard({ label: M.username });
        if (busy) {
          // Enter in the field submits the form even while Find is marked busy: nothing is sent.
          const before = world.requestsSent();
          await d.fill(field, username);
          await d.press(field, 'Enter');
          // A lookup would leave within a turn of the event loop (the client awaits nothing else first).
          await new Promise((resolve) => setTimeout(resolve, 50));
          if (world.requestsSent() !== before) throw new Error('A lookup left while another request was on its way');
          return;
        }
        await d.fill(field, username.trim() ? username : '');
        if (step.states.includes('looking')) {
          busy = true;
          await holding(LOOKUP, find);
        } else {
          // Refused in place: the field says so and nothing is sent.
          await find();
          missing = true;
          found = null;
          failed = false;
          outcome = null;
        }
      },
      async 'lookUp.done'({ step }) {
        busy = false;
        await take(LOOKUP).release(answerOf(step));
        found = (step.event as unknown as { output: Status }).output;
        missing = false;
        outcome = null;
      },
      async 'lookUp.error'({ step }) {
        busy = false;
        await take(LOOKUP).release(answerOf(step));
        found = null;
        failed = true;
        missing = false;
      },
      async 'reset.ask'() {
        await d.click(inCard({ role: 'button', name: M.reset }));
        failed = false;
        outcome = null;
      },
      async 'reset.cancel'() {
        await d.click(inCard({ role: 'button', name: M.cancel }));
      },
      async 'reset.confirm'() {
        busy = true;
        await holding(RESET, () => d.click(inCard({ role: 'button', name: M.confirmYes })));
      },
      async 'reset.done'({ step }) {
        busy = false;
        const { target } = output(step);
        if (step.label === 'waits') {
          // A deciding user's reset waits: the page reads the user again, as they still are.
          const reread = d.hold(LOOKUP);
          await take(RESET).release({
            status: 202,
            body: { status: true, payload: { applied: false, changeRequestId: 9 } },
          });
          await reread.reached;
          await reread.release({ body: { status: true, payload: target } });
        } else {
          await take(RESET).release({ body: { status: true, payload: target } });
        }
        found = target;
        outcome = step.label === 'waits' ? 'waits' : 'reset';
      },
      async 'reset.error'({ step }) {
        busy = false;
        await take(RESET).release(answerOf(step));
        failed = true;
      },
    },
  };
}
