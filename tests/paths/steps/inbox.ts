/**
 * The step table of the approvals inbox (/authorize-transactions as an administrator,
 * tests/paths/machines/intake.ts). Every list load, every refresh and every decision is held
 * until the path says how it ends; a load's server error and a lost refresh are answered in the
 * server's place. What the server changes meanwhile (a request that arrives) comes from the
 * runner's world, whose event stream tells the page the list changed. Time (how long an
 * arrived row stays highlighted) is the runner's too.
 */
import { strict as assert } from 'node:assert';
import type { InboxItem } from '../../../contract/api/inbox';
import { REASON_MIN } from '../../../contract/reasons';
import { APPROVAL_MESSAGES } from '../../../src/features/transfers/approval-messages';
import { FRESH_MS } from '../../../src/features/transfers/inbox-machine';
import { said } from '../../messages';
import type { Driver, HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { INBOX_ITEMS } from '../machines/intake';

const I = APPROVAL_MESSAGES.en.inbox;
const USER = 'admin';
const LIST = 'inbox';
const REASON = 'The amount does not match the invoice';
/** A refusal as the API words it, answered in the server's place. */
const refusal = (status: number, code: string, longMessage: string): HeldAnswer => ({
  status,
  body: { status: false, errors: [{ code, shortMessage: code, longMessage }] },
});
const SERVER_ERROR = refusal(500, 'INTERNAL_ERROR', 'Something went wrong on our side.');
const EXPIRED = refusal(409, 'REQUEST_EXPIRED', 'This request expired before a decision.');

/** What only the runner knows: the server's requests, its stream, the clipboard and the clock. */
export interface InboxWorld {
  /** A request arrives on the server. */
  arrive(item: InboxItem): void;
  /** The server says, on its event stream, that what the inbox lists changed. */
  changed(): Promise<void>;
  /** How many times the page asked for the list. */
  listsAsked(): Promise<number>;
  /** How many decisions the page sent. */
  decisionsSent(): Promise<number>;
  /** The second half the server hands over for the password reset. */
  secondHalf: string;
  /** The text the page last put on the clipboard, if any; the copy waits until `settleCopy`. */
  copied(): Promise<string | undefined>;
  settleCopy(ok: boolean): Promise<void>;
  /** Holds the clock from now on, so a highlight lasts until `pass`. */
  holdTime(): void;
  /** Moves the held clock on. */
  pass(ms: number): Promise<void>;
}

type Decision = 'approve transfer' | 'reject transfer' | 'approve password';
const ITEM_OF: Record<Decision, InboxItem> = {
  'approve transfer': INBOX_ITEMS.transfer,
  'reject transfer': INBOX_ITEMS.transfer,
  'approve password': INBOX_ITEMS.password,
};

const MAIN: Target = { role: 'main' };
const TABLE: Target = { testId: 'inbox-table' };
const RETRY: Target = { role: 'button', name: I.retry, in: MAIN };
const KIND: Target = { label: I.kind, in: MAIN };
const SECRET: Target = { role: 'dialog', name: I.secondHalf.title };
const rowOf = (item: InboxItem): Target => ({ role: 'row', name: new RegExp(item.reference ?? item.maker), in: TABLE });

export function inboxSteps(
  driver: Driver,
  world: InboxWorld,
  select: (target: Target, value: string) => Promise<void>,
): PathSteps {
  /** What the user expects on screen, from the steps taken so far. */
  let u = fresh();
  /** The page's own load of the list, and a refresh behind it: held apart, answered apart. */
  let load: HeldRequest | undefined;
  let refresh: HeldRequest | undefined;
  let decisionHeld: HeldRequest | undefined;

  function fresh() {
    return {
      listed: [INBOX_ITEMS.transfer, INBOX_ITEMS.password] as InboxItem[],
      shown: false,
      failed: false,
      kind: '',
      decision: null as Decision | null,
      reason: '',
      reasonRefused: false,
      decisionFailed: false,
      done: null as Decision | null,
      highlighted: [] as InboxItem[],
      lists: 1,
      decisions: 0,
      copies: 0,
    };
  }

  /** The list's next request (a load or a refresh), held. */
  function holdList() {
    u.lists++;
    return driver.hold(LIST);
  }
  function take(which: 'load' | 'refresh') {
    const held = which === 'load' ? load : refresh;
    if (which === 'load') load = undefined;
    else refresh = undefined;
    return held;
  }

  const dialog = (): Target => ({
    role: 'dialog',
    name: u.decision?.startsWith('reject') ? I.rejectTitle : I.approveTitle,
  });
  const confirmButton = (): Target => ({
    role: 'button',
    name: u.decision?.startsWith('reject') ? I.confirmReject : I.confirmApprove,
    in: dialog(),
  });
  const reasonField = (): Target => ({ label: new RegExp(`^${I.reason}`), in: dialog() });

  const arrivedListed = () => u.listed.filter((i) => i === INBOX_ITEMS.arrived || i === INBOX_ITEMS.arrivedLater);

  /** Each request listed, by the line that names it (a text is cheaper to find than a row). */
  async function expectRows() {
    for (const item of Object.values(INBOX_ITEMS)) {
      const line: Target = { text: item.reference ?? item.maker, in: TABLE };
      if (u.listed.includes(item) && (u.kind === '' || u.kind === item.kind)) await driver.expectVisible(line);
      else await driver.expectAbsent(line);
    }
  }

  return {
    async start() {
      u = fresh();
      refresh = undefined;
      decisionHeld = undefined;
      u.lists = 0;
      load = holdList();
      await driver.open(USER, '/authorize-transactions');
      await load.reached;
    },
    states: {
      async 'main.loading'() {
        if (u.shown) await driver.expectAttribute(TABLE, 'aria-busy', 'true');
        else await driver.expectVisible({ text: I.loading, in: MAIN });
        await driver.expectAbsent({ role: 'dialog' });
        await driver.expectAbsent(RETRY);
      },
      async 'main.failed'() {
        await driver.expectVisible({ text: I.loadFailed });
        await driver.expectVisible(RETRY);
        await driver.expectAbsent(TABLE);
      },
      async 'main.ready'() {
        await driver.expectAbsent({ role: 'dialog' });
        await driver.expectAttribute(TABLE, 'aria-busy', 'true', false);
        await driver.expectValue(KIND, u.kind);
        await expectRows();
        const done = u.done && (u.done.startsWith('approve') ? I.approved : I.rejected);
        if (done) await driver.expectVisible({ text: new RegExp(`^${done.replace(/\{\{request\}\}/, '')}`), in: MAIN });
        assert.equal(await world.decisionsSent(), u.decisions, 'decisions sent');
      },
      async 'main.confirming'() {
        await driver.expectVisible(dialog());
        await driver.expectEnabled(confirmButton());
        if (u.decision === 'reject transfer') await driver.expectValue(reasonField(), u.reason);
        else await driver.expectAbsent({ label: new RegExp(`^${I.reason}`) });
        const problem: Target = { text: said(I.reasonRequired, { min: REASON_MIN }), in: dialog() };
        if (u.reasonRefused) await driver.expectVisible(problem);
        else await driver.expectAbsent(problem);
        if (u.decisionFailed) await driver.expectText({ role: 'alert', in: dialog() }, I.failed);
        else await driver.expectAbsent({ role: 'alert', in: dialog() });
        assert.equal(await world.decisionsSent(), u.decisions, 'decisions sent');
      },
      async 'main.deciding'() {
        await driver.expectVisible({ role: 'button', name: I.working, in: dialog() });
        assert.equal(await world.decisionsSent(), u.decisions, 'the decision is sent once');
      },
      async 'main.handingOver.shown'() {
        await driver.expectText({ testId: 'second-half', in: SECRET }, world.secondHalf);
        await driver.expectVisible({ role: 'button', name: I.secondHalf.copy, in: SECRET });
      },
      async 'main.handingOver.copying'() {
        await driver.expectText({ testId: 'second-half', in: SECRET }, world.secondHalf);
        assert.equal(await world.copied(), world.secondHalf, 'the second half is put on the clipboard');
      },
      async 'main.handingOver.copied'() {
        await driver.expectVisible({ role: 'button', name: I.secondHalf.copied, in: SECRET });
      },
      async 'live.idle'() {
        assert.equal(await world.listsAsked(), u.lists, 'loads of the list');
      },
      async 'live.refreshing'() {
        assert.equal(await world.listsAsked(), u.lists, 'the list is asked again');
      },
      async 'highlight.none'() {
        if (u.failed) return;
        for (const item of arrivedListed()) await driver.expectAttribute(rowOf(item), 'data-fresh', 'true', false);
      },
      async 'highlight.shown'() {
        for (const item of u.highlighted) await driver.expectAttribute(rowOf(item), 'data-fresh', 'true');
        await driver.expectAttribute(rowOf(INBOX_ITEMS.transfer), 'data-fresh', 'true', false);
      },
    },
    events: {
      async 'listInbox@main.loading.done'() {
        await take('load')?.release();
        u.shown = true;
        u.failed = false;
      },
      async 'listInbox@main.loading.error'() {
        await take('load')?.release(SERVER_ERROR);
        u.failed = true;
      },
      async 'list.retry'() {
        load = holdList();
        await driver.click(RETRY);
        await load.reached;
      },
      async 'kind.change'() {
        load = holdList();
        await select(KIND, 'transfer');
        u.kind = 'transfer';
        await load.reached;
      },
      async 'decision.start'({ step }) {
        u.decision = step.label as Decision;
        u.reason = '';
        u.reasonRefused = false;
        u.decisionFailed = false;
        const name = u.decision.startsWith('reject') ? I.reject : I.approve;
        await driver.click({ role: 'button', name, in: rowOf(ITEM_OF[u.decision]) });
      },
      async 'reason.change'() {
        await driver.fill(reasonField(), REASON);
        u.reason = REASON;
        u.reasonRefused = false;
      },
      async 'decision.cancel'() {
        await driver.click({ role: 'button', name: I.cancel, in: dialog() });
      },
      async 'decision.confirm'({ step }) {
        if (step.states.includes('main.deciding')) {
          decisionHeld = driver.hold(
            `inbox/${ITEM_OF[u.decision as Decision].kind}/${ITEM_OF[u.decision as Decision].id}/decision`,
          );
          await driver.click(confirmButton());
          await decisionHeld.reached;
          u.decisions++;
        } else {
          // Refused in place: nothing is sent, and the reason field says why.
          await driver.click(confirmButton());
          u.reasonRefused = true;
        }
      },
      async 'decideItem.done'() {
        const decided = ITEM_OF[u.decision as Decision];
        // The list loads again at once, unless a second half is shown first.
        if (u.decision !== 'approve password') load = holdList();
        await decisionHeld?.release();
        decisionHeld = undefined;
        await load?.reached;
        u.listed = u.listed.filter((i) => i !== decided);
        u.done = u.decision;
        u.decision = null;
      },
      async 'decideItem.error'() {
        await decisionHeld?.release(EXPIRED);
        decisionHeld = undefined;
        u.decisionFailed = true;
      },
      async 'secondHalf.copy'() {
        u.copies++;
        await driver.click({
          role: 'button',
          name: u.copies > 1 ? I.secondHalf.copied : I.secondHalf.copy,
          in: SECRET,
        });
      },
      async 'copyText.done'() {
        await world.settleCopy(true);
      },
      async 'copyText.error'() {
        await world.settleCopy(false);
      },
      async 'secondHalf.dismiss'() {
        load = holdList();
        await driver.click({ role: 'button', name: I.secondHalf.done, in: SECRET });
        await load.reached;
      },
      async 'list.changed'({ step }) {
        // Asked again while a refresh is on its way, the page drops that one and asks anew.
        const dropped = take('refresh');
        if (!step.blocked && step.states.includes('live.refreshing')) refresh = holdList();
        await world.changed();
        await refresh?.reached;
        await dropped?.release();
      },
      async 'listInbox@live.refreshing.done'({ step }) {
        const arrived =
          step.label === 'a new row'
            ? INBOX_ITEMS.arrived
            : step.label === 'another new row'
              ? INBOX_ITEMS.arrivedLater
              : null;
        if (arrived) {
          world.arrive(arrived);
          world.holdTime();
        }
        await take('refresh')?.release();
        // A load of the page's own was on its way: its answer, not this one, is shown.
        if (!arrived || !step.states.includes('main.ready')) return;
        u.listed = [...u.listed, arrived];
        // Only the rows that just arrived are highlighted.
        u.highlighted = [arrived];
      },
      async 'listInbox@live.refreshing.error'() {
        await take('refresh')?.release('no answer');
      },
      async [`after(${FRESH_MS})@highlight.shown`]() {
        await world.pass(FRESH_MS);
        u.highlighted = [];
      },
    },
    async nothingSent() {
      assert.equal(await world.listsAsked(), u.lists, 'no load of the list');
      assert.equal(driver.held(), 0, 'nothing on its way');
    },
  };
}
