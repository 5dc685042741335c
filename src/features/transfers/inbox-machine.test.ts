/**
 * The inbox list follows the server while it is open: a change loads it again behind an open
 * dialog (the reason typed stays), without the busy state that blanks the table; rows that
 * arrived are marked for a moment, rows decided elsewhere leave.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { InboxItem, InboxPage } from '../../../contract/api/inbox';
import {
  FRESH_MS,
  inboxMachine,
  selectInboxFresh,
  selectInboxLoading,
  selectInboxPage,
  selectInboxPending,
  selectInboxReason,
} from './inbox-machine';
import { waiting } from './inbox.fixtures';

const item = (id: string): InboxItem =>
  waiting({
    kind: 'transfer',
    id,
    subject: 'admin-cash-in',
    reference: `TX${id}`,
    party: 'Awa Ndiaye',
    maker: 'Admin',
    amount: 1_000,
    createdAt: '2026-11-28T09:00:00.000Z',
    expiresAt: '2026-11-29T09:00:00.000Z',
  });

const pageOf = (...ids: string[]): InboxPage => ({
  rows: ids.map(item),
  waiting: { transfer: ids.length, bulk: 0, chargeback: 0, wallet: 0, change: 0 },
  bank: null,
  expired: [],
});

/** An inbox whose server answers `pages` in turn (the last one again after that). */
function start(pages: InboxPage[]) {
  const clock = new SimulatedClock();
  let loads = 0;
  const actor = createActor(
    inboxMachine.provide({
      actors: {
        listInbox: fromPromise(async () => pages[Math.min(loads++, pages.length - 1)] as InboxPage),
      },
    }),
    { clock },
  );
  actor.start();
  const ids = () => selectInboxPage(actor.getSnapshot())?.rows.map((r) => r.id);
  return { actor, clock, ids, loads: () => loads };
}

describe('the inbox list follows the server', () => {
  it('loads again behind an open dialog: new rows marked, decided ones gone, the reason kept', async () => {
    const { actor, clock, ids, loads } = start([pageOf('1', '2'), pageOf('2', '3')]);
    await waitFor(actor, (s) => s.matches({ main: 'ready' }));
    actor.send({ type: 'decision.start', item: item('2'), decision: 'reject' });
    actor.send({ type: 'reason.change', reason: 'Wrong amount' });

    actor.send({ type: 'list.changed' });
    // Not the busy state: the table and the dialog stay as they are while it loads.
    expect(selectInboxLoading(actor.getSnapshot())).toBe(false);
    await waitFor(actor, () => loads() === 2 && actor.getSnapshot().matches({ live: 'idle' }));

    expect(ids()).toEqual(['2', '3']);
    expect(selectInboxFresh(actor.getSnapshot())).toEqual(['transfer:3']);
    expect(selectInboxPending(actor.getSnapshot())?.item.id).toBe('2');
    expect(selectInboxReason(actor.getSnapshot())).toBe('Wrong amount');

    clock.increment(FRESH_MS - 1);
    expect(selectInboxFresh(actor.getSnapshot())).toEqual(['transfer:3']);
    clock.increment(1);
    expect(selectInboxFresh(actor.getSnapshot())).toEqual([]);
  });

  it('marks nothing when only a decided row left, and keeps an earlier mark its time', async () => {
    const { actor, clock, loads } = start([pageOf('1'), pageOf('1', '2'), pageOf('2')]);
    await waitFor(actor, (s) => s.matches({ main: 'ready' }));
    actor.send({ type: 'list.changed' });
    await waitFor(actor, () => loads() === 2 && actor.getSnapshot().matches({ live: 'idle' }));
    clock.increment(FRESH_MS / 2);
    actor.send({ type: 'list.changed' });
    await waitFor(actor, () => loads() === 3 && actor.getSnapshot().matches({ live: 'idle' }));
    expect(selectInboxFresh(actor.getSnapshot())).toEqual(['transfer:2']);
    clock.increment(FRESH_MS / 2);
    expect(selectInboxFresh(actor.getSnapshot())).toEqual([]);
  });

  it('leaves a change to the load already under way, and to the retry after a failure', async () => {
    let fail = true;
    let loads = 0;
    const actor = createActor(
      inboxMachine.provide({
        actors: {
          listInbox: fromPromise(async () => {
            loads += 1;
            if (fail) throw new Error('offline');
            return pageOf('1');
          }),
        },
      }),
    );
    actor.start();
    actor.send({ type: 'list.changed' });
    await waitFor(actor, (s) => s.matches({ main: 'failed' }));
    actor.send({ type: 'list.changed' });
    expect(actor.getSnapshot().matches({ live: 'idle' })).toBe(true);
    expect(loads).toBe(1);
    fail = false;
    actor.send({ type: 'list.retry' });
    await waitFor(actor, (s) => s.matches({ main: 'ready' }));
    expect(selectInboxFresh(actor.getSnapshot())).toEqual([]);
  });
});
