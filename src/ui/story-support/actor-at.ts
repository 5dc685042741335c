/**
 * A feature's machine brought to the state a story shows, before the story renders (a
 * Storybook loader awaits it): started with the fixtures its actors were given, then driven by
 * the events a user would send. The catalogue's pictures therefore show the state itself, never
 * the loading that leads to it. Used only by stories.
 */
import {
  type ActorOptions,
  type AnyStateMachine,
  createActor,
  type EventFromLogic,
  type SnapshotFrom,
  waitFor,
} from 'xstate';

/** An event to send, or what the snapshot must show before the next step (an answer is awaited). */
export type Step<M extends AnyStateMachine> = EventFromLogic<M> | ((snapshot: SnapshotFrom<M>) => boolean);

export async function actorAt<M extends AnyStateMachine>(machine: M, options: ActorOptions<M>, ...steps: Step<M>[]) {
  const actor = createActor(machine, options);
  actor.start();
  for (const step of steps) {
    if (typeof step === 'function') await waitFor(actor, step, { timeout: 5_000 });
    else actor.send(step);
  }
  return actor;
}
