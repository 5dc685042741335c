import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, fromCallback } from 'xstate';
import { inboxCountMachine, selectHeldBy, selectInboxCount, selectInboxVersion } from './inbox-count';

/** A stand-in for the server's stream: the test sends the counts it would push. */
function harness() {
  const announced: number[] = [];
  const refreshes: string[] = [];
  let push: (count: number, version?: string) => void = () => {};
  const actor = createActor(
    inboxCountMachine.provide({
      actors: {
        watchCount: fromCallback<EventObject>(({ sendBack, receive }) => {
          push = (count, version) => sendBack({ type: 'inbox.count', count, version });
          receive((event) => refreshes.push(event.type));
        }),
      },
      actions: { announceGrowth: (_, { added }) => announced.push(added) },
    }),
  );
  actor.start();
  return { actor, announced, refreshes, push: (count: number, version?: string) => push(count, version) };
}

describe('the inbox count', () => {
  it('follows the counts while watching and tells only when the count grows', () => {
    const { actor, announced, push } = harness();
    expect(selectInboxCount(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'inbox.watch' });
    push(2);
    expect(selectInboxCount(actor.getSnapshot())).toBe(2);
    // The first count is what already waited: nothing new to tell.
    expect(announced).toEqual([]);
    push(3);
    push(1);
    push(4);
    expect(selectInboxCount(actor.getSnapshot())).toBe(4);
    expect(announced).toEqual([1, 3]);
  });

  it('forgets the count when the menu loses the inbox, and asks the watcher again on a decision', () => {
    const { actor, refreshes, push } = harness();
    actor.send({ type: 'inbox.watch' });
    push(5);
    actor.send({ type: 'inbox.refresh' });
    expect(refreshes).toEqual(['inbox.refresh']);
    actor.send({ type: 'inbox.stop' });
    expect(selectInboxCount(actor.getSnapshot())).toBeNull();
  });

  it('keeps the version of what the inbox lists, which moves when the count does not', () => {
    const { actor, announced, push } = harness();
    actor.send({ type: 'inbox.watch' });
    push(2, 'a');
    push(2, 'b');
    expect(selectInboxVersion(actor.getSnapshot())).toBe('b');
    expect(selectInboxCount(actor.getSnapshot())).toBe(2);
    expect(announced).toEqual([]);
    // An answer without a version (an older server) keeps the last one.
    push(3);
    expect(selectInboxVersion(actor.getSnapshot())).toBe('b');
    actor.send({ type: 'inbox.stop' });
    expect(selectInboxVersion(actor.getSnapshot())).toBeNull();
  });
});

describe('who else holds an item', () => {
  it('follows what the stream says, by item, and forgets it when watching stops', () => {
    let say: (held: { kind: 'kyc' | 'transfer'; id: string; by: string[] }[]) => void = () => {};
    const actor = createActor(
      inboxCountMachine.provide({
        actors: {
          watchCount: fromCallback<EventObject>(({ sendBack }) => {
            say = (held) => sendBack({ type: 'inbox.presence', held });
          }),
        },
      }),
    );
    actor.start();
    actor.send({ type: 'inbox.watch' });
    say([{ kind: 'kyc', id: 'CUS-000004', by: ['Awa Ndiaye'] }]);
    // However the account number was typed in the address.
    expect(selectHeldBy('kyc', 'cus-000004')(actor.getSnapshot())).toEqual(['Awa Ndiaye']);
    expect(selectHeldBy('transfer', 'CUS-000004')(actor.getSnapshot())).toEqual([]);
    say([]);
    expect(selectHeldBy('kyc', 'CUS-000004')(actor.getSnapshot())).toEqual([]);
    say([{ kind: 'transfer', id: '9', by: ['Fatou Sow'] }]);
    actor.send({ type: 'inbox.stop' });
    expect(selectHeldBy('transfer', '9')(actor.getSnapshot())).toEqual([]);
  });
});
