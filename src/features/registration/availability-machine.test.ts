import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { RegistrationAvailability } from '../../../contract/api/registrations';
import { availabilityMachine, selectTakenNow } from './availability-machine';

const TAKEN = '+221 77 111 22 33';

function start() {
  const asked: { phone?: string; nationalId?: string }[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    availabilityMachine.provide({
      actors: {
        checkAvailability: fromPromise(async ({ input }): Promise<RegistrationAvailability> => {
          asked.push(input);
          const taken = input.phone === TAKEN;
          return { phone: { taken, account: taken ? 'CUS-000042' : null }, nationalId: null };
        }),
      },
    }),
    { clock },
  ).start();
  return { actor, asked, clock };
}

describe('the availability check while typing', () => {
  it('asks once typing pauses, for the whole number only, and flags it with its account', async () => {
    const { actor, asked, clock } = start();
    actor.send({ type: 'number.typed', field: 'phone', value: null });
    actor.send({ type: 'number.typed', field: 'phone', value: '+221 77 111 22 30' });
    clock.increment(300);
    actor.send({ type: 'number.typed', field: 'phone', value: TAKEN });
    clock.increment(399);
    expect(asked).toEqual([]);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(asked).toEqual([{ phone: TAKEN }]);
    expect(selectTakenNow('phone', TAKEN)(actor.getSnapshot())).toEqual({ account: 'CUS-000042' });
    // The flag belongs to that number: another one, or the other field, is not flagged.
    expect(selectTakenNow('phone', '+221 77 111 22 30')(actor.getSnapshot())).toBe(false);
    expect(selectTakenNow('nationalId', TAKEN)(actor.getSnapshot())).toBe(false);
  });

  it('does not flag a free number, and a partial number cancels the wait', async () => {
    const { actor, asked, clock } = start();
    actor.send({ type: 'number.typed', field: 'phone', value: '+221 78 444 55 66' });
    clock.increment(400);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(selectTakenNow('phone', '+221 78 444 55 66')(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'number.typed', field: 'phone', value: TAKEN });
    actor.send({ type: 'number.typed', field: 'phone', value: null });
    clock.increment(1000);
    expect(asked).toEqual([{ phone: '+221 78 444 55 66' }]);
  });
});
