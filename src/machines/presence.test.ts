import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { PRESENCE_REFRESH_MS } from '../../contract/presence';
import { type PresenceItem, presenceMachine } from './presence';

/** The machine with its effects recorded: what this tab would say to the server, in order. */
function harness() {
  const said: string[] = [];
  const clock = new SimulatedClock();
  const record = (verb: string) => (_: unknown, item: PresenceItem) => said.push(`${verb} ${item.kind}:${item.id}`);
  const actor = createActor(
    presenceMachine.provide({ actions: { announce: record('announce'), withdraw: record('withdraw') } }),
    { clock },
  );
  actor.start();
  return { actor, said, clock };
}

describe('this tab’s presence', () => {
  it('says it has an item open at once and again at every refresh, and goodbye on close', () => {
    const { actor, said, clock } = harness();
    actor.send({ type: 'presence.open', kind: 'kyc', id: 'CUS-000001' });
    expect(said).toEqual(['announce kyc:CUS-000001']);
    clock.increment(PRESENCE_REFRESH_MS - 1);
    expect(said).toHaveLength(1);
    clock.increment(1);
    clock.increment(PRESENCE_REFRESH_MS);
    expect(said).toEqual(['announce kyc:CUS-000001', 'announce kyc:CUS-000001', 'announce kyc:CUS-000001']);
    actor.send({ type: 'presence.close', kind: 'kyc', id: 'CUS-000001' });
    expect(said.at(-1)).toBe('withdraw kyc:CUS-000001');
    clock.increment(PRESENCE_REFRESH_MS * 3);
    expect(said).toHaveLength(4);
  });

  it('keeps the item it holds through a second open and through the close of another item', () => {
    const { actor, said } = harness();
    actor.send({ type: 'presence.open', kind: 'kyc', id: 'CUS-000001' });
    actor.send({ type: 'presence.open', kind: 'transfer', id: '12' });
    actor.send({ type: 'presence.close', kind: 'transfer', id: '12' });
    expect(said).toEqual(['announce kyc:CUS-000001']);
    actor.send({ type: 'presence.close', kind: 'kyc', id: 'CUS-000001' });
    actor.send({ type: 'presence.open', kind: 'transfer', id: '12' });
    expect(said).toEqual(['announce kyc:CUS-000001', 'withdraw kyc:CUS-000001', 'announce transfer:12']);
  });

  it('says goodbye when the page goes away, and nothing more after it', () => {
    const { actor, said, clock } = harness();
    actor.send({ type: 'presence.open', kind: 'wallet', id: '7' });
    actor.send({ type: 'presence.leave' });
    actor.send({ type: 'presence.leave' });
    clock.increment(PRESENCE_REFRESH_MS * 2);
    expect(said).toEqual(['announce wallet:7', 'withdraw wallet:7']);
  });
});
