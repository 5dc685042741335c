/**
 * The step table of the approvals inbox's count (tests/paths/machines/shell.ts), written
 * against the driver: the network supervisor signs in at the inbox, where one request waits.
 * The inbox's event stream is the runner's (`world`): it pushes the counts and who holds what,
 * as the server would. What the user sees: the count on the inbox's menu item, a notice when it
 * grows, who else has the waiting request open; signed out, nothing of it.
 */
import { en, said } from '../../messages';
import type { Driver, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { INBOX_ITEM, OTHER_HOLDER } from '../machines/shell';

const I = en.approvals.inbox;

/** What only the runner knows: the user, the sign-in page, and the inbox's stream. */
export interface InboxWorld {
  user: string;
  password: string;
  /** Who the waiting request is about, as its row names them. */
  party: string;
  /** Opens the app signed out, at `url`. */
  openSignedOut(url: string): Promise<void>;
  /** Waits until the page has opened the stream `count` times. */
  expectStreamsOpened(count: number): Promise<void>;
  pushCount(count: number, version: string): Promise<void>;
  pushHeld(held: readonly { kind: string; id: string; by: string[] }[]): Promise<void>;
}

const BADGE: Target = { testId: 'inbox-badge' };
const HELD_BY: Target = { testId: 'held-by' };
const SIGN_IN: Target = { role: 'button', name: en.login.submit };
const badge = (count: number) => said(en.inbox[count === 1 ? 'badge_one' : 'badge_other'], { count });
const added = (count: number) => said(en.inbox[count === 1 ? 'added_one' : 'added_other'], { count });

export function inboxCountSteps(driver: Driver, world: InboxWorld): PathSteps {
  /** What the user expects, from the steps taken so far. */
  let count: number | null = null;
  let heldBy: string[] = [];
  let waiting = true;
  let streams = 0;
  let askedAgain: HeldRequest | undefined;
  const row: () => Target = () => ({ role: 'row', name: new RegExp(world.party) });

  return {
    async start() {
      count = null;
      heldBy = [];
      waiting = true;
      streams = 0;
      await world.openSignedOut('/authorize-transactions');
    },
    states: {
      async off() {
        await driver.expectVisible(SIGN_IN);
        await driver.expectAbsent(BADGE);
        await driver.expectAbsent(HELD_BY);
        await world.expectStreamsOpened(streams);
      },
      async watching() {
        await driver.expectAbsent(SIGN_IN);
        await world.expectStreamsOpened(streams);
        if (count) await driver.expectText(BADGE, badge(count));
        else await driver.expectAbsent(BADGE);
        if (waiting) await driver.expectVisible(row());
        else await driver.expectVisible({ text: I.empty });
        if (waiting && heldBy.length) await driver.expectText({ ...HELD_BY, in: row() }, heldBy.join(', '));
        else await driver.expectAbsent(HELD_BY);
      },
    },
    events: {
      async 'inbox.watch'() {
        await driver.fill({ label: en.login.username }, world.user);
        await driver.fill({ label: en.login.password }, world.password);
        await driver.click(SIGN_IN);
        streams += 1;
        await world.expectStreamsOpened(streams);
      },
      async 'inbox.stop'() {
        await driver.click({ role: 'button', name: en.shell.logout, in: { role: 'banner' } });
        count = null;
        heldBy = [];
      },
      async 'inbox.count'({ step }) {
        const { count: next, version } = step.event as unknown as { count: number; version: string };
        const grew = count !== null && next > count;
        await world.pushCount(next, version);
        // A count that grows says so once, as a notice; the first count does not.
        if (grew) await driver.expectVisible({ text: added(next - (count ?? 0)) });
        else await driver.expectAbsent({ text: /new requests? waits? for your decision/ });
        count = next;
      },
      async 'inbox.presence'({ step }) {
        const { held } = step.event as unknown as { held: { kind: string; id: string; by: string[] }[] };
        await world.pushHeld(held);
        heldBy = held.find((h) => h.kind === INBOX_ITEM.kind && h.id === INBOX_ITEM.id)?.by ?? [];
        if (heldBy.length) await driver.expectText(HELD_BY, OTHER_HOLDER);
      },
      async 'inbox.refresh'() {
        // Deciding the request asks the server for the count at once; its answer is held, so
        // that only the asking is this step.
        askedAgain = driver.hold('inbox/count');
        await driver.click({ role: 'button', name: I.approve, in: row() });
        await driver.click({ role: 'button', name: I.confirmApprove, in: { role: 'dialog', name: I.approveTitle } });
        await askedAgain.reached;
        waiting = false;
      },
    },
  };
}
