/**
 * Fewer, longer paths through a test model, for models whose every path must start a whole
 * app (the bulk upload: each path opens the admin shell in jsdom, most of a path's time).
 * `coveringPaths` (menu-graph.ts) gives the shortest path to every transition, so a model of
 * 29 transitions becomes 13 paths that replay the same prefix; here a walk keeps going from
 * where it is to the nearest transition not taken yet (breadth first), and a new walk starts
 * from the initial state only when none is in reach or the walk is long enough. The walks are
 * returned as the covering model's test paths, and checked with the same `coverageOf`.
 */
import { type AnyStateMachine, type EventFromLogic, getInitialSnapshot, getNextSnapshot } from 'xstate';
import { type Coverage, coverageOf, createCoveringModel, definedTransitions, type ModelPath } from './menu-graph';

type Snapshot = ReturnType<typeof getInitialSnapshot>;

interface Step {
  type: string;
  /** The transitions this event takes, as `definedTransitions` names them. */
  taken: string[];
  next: Snapshot;
}

const valueKey = (snapshot: Snapshot) => JSON.stringify((snapshot as { value: unknown }).value);

/** The event types of every step that leaves `snapshot`, with what each takes and where it leads. */
function stepsFrom(machine: AnyStateMachine, snapshot: Snapshot, types: readonly string[]): Step[] {
  return types.flatMap((type) => {
    const data = machine.getTransitionData(snapshot as never, { type });
    if (!data.length) return [];
    const taken = data.map(
      (t) => `${t.source.id} / ${t.eventType} / ${(t.source.transitions.get(t.eventType) ?? []).indexOf(t)}`,
    );
    return [{ type, taken, next: getNextSnapshot(machine, snapshot as never, { type } as never) }];
  });
}

/** The events of walks from the initial state that, together, take every transition of `machine`. */
export function coveringWalkEvents(machine: AnyStateMachine, maxSteps: number): { type: string }[][] {
  const all = definedTransitions(machine);
  const types = [...new Set([...all].map((id) => id.split(' / ')[1] as string))];
  const covered = new Set<string>();
  const initial = getInitialSnapshot(machine);
  const walks: { type: string }[][] = [];
  while (covered.size < all.size) {
    const walk: { type: string }[] = [];
    let at = initial;
    for (;;) {
      // Breadth first: the shortest route from here to a transition not taken yet.
      const queue: { snapshot: Snapshot; route: Step[] }[] = [{ snapshot: at, route: [] }];
      const seen = new Set([valueKey(at)]);
      let route: Step[] | null = null;
      while (queue.length && !route) {
        const { snapshot, route: before } = queue.shift() as (typeof queue)[number];
        for (const step of stepsFrom(machine, snapshot, types)) {
          const next = [...before, step];
          if (step.taken.some((id) => !covered.has(id))) {
            route = next;
            break;
          }
          if (!seen.has(valueKey(step.next))) {
            seen.add(valueKey(step.next));
            queue.push({ snapshot: step.next, route: next });
          }
        }
      }
      if (!route || (walk.length > 0 && walk.length + route.length > maxSteps)) break;
      for (const step of route) {
        walk.push({ type: step.type });
        for (const id of step.taken) covered.add(id);
        at = step.next;
      }
    }
    if (!walk.length) {
      throw new Error(`Not reachable: ${[...all].filter((id) => !covered.has(id)).join(', ')}`);
    }
    walks.push(walk);
  }
  return walks;
}

/** The walks as test paths of the covering model, with what they leave out (callers assert both lists are empty). */
export function coveringWalks<M extends AnyStateMachine>(
  machine: M,
  maxSteps = 20,
): { model: ReturnType<typeof createCoveringModel<M>>; paths: ModelPath<M>[]; coverage: Coverage } {
  const model = createCoveringModel(machine);
  const paths = coveringWalkEvents(machine, maxSteps).map((events) => {
    const [path] = model.getPathsFromEvents(events as EventFromLogic<M>[]);
    if (!path) throw new Error(`No path for ${events.map((e) => e.type).join(' → ')}`);
    return path;
  });
  return { model, paths, coverage: coverageOf(machine, model, paths) };
}
