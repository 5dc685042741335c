/**
 * Path generation and transition coverage for the shell's test models (menu, accordion,
 * associated members). docs/path-tests.md: every transition of every test model is covered by the
 * generated paths; `coveringPaths` checks that before any path runs.
 */
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  EventFromLogic,
  EventObject,
  SnapshotFrom,
} from 'xstate';
import { createTestModel, type TestModel, type TestPath } from 'xstate/graph';

type ModelOf<M extends AnyStateMachine> = TestModel<SnapshotFrom<M>, EventFromLogic<M>, unknown>;
export type ModelPath<M extends AnyStateMachine> = TestPath<SnapshotFrom<M>, EventFromLogic<M>>;

const eventKey = (event: { type: string }) => JSON.stringify(event);
const valueKey = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value);

/**
 * A test model whose graph vertices are "state reached by this transition", so that the
 * shortest path to every vertex takes every transition at least once, self-transitions included.
 */
export function createCoveringModel<M extends AnyStateMachine>(
  machine: M,
  events: readonly EventFromLogic<M>[] = [],
): ModelOf<M> {
  return createTestModel(machine, {
    events: events as EventFromLogic<M>[],
    serializeTransition: (_state, event, previous) =>
      event && previous ? ` via ${eventKey(event)} from ${valueKey(previous as AnyMachineSnapshot)}` : '',
  }) as ModelOf<M>;
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child as AnyStateNode))];
}

/** Every transition the machine defines, as "source state id / event type / index". */
export function definedTransitions(machine: AnyStateMachine): Set<string> {
  const out = new Set<string>();
  for (const node of allStateNodes(machine.root)) {
    for (const [type, definitions] of node.transitions) {
      definitions.forEach((_, index) => {
        out.add(`${node.id} / ${type} / ${index}`);
      });
    }
    if (node.always?.length) throw new Error(`${node.id}: eventless transitions are not covered by this helper`);
  }
  return out;
}

/** The transitions the paths take, in the same form as `definedTransitions`. */
export function takenTransitions<M extends AnyStateMachine>(machine: M, paths: readonly ModelPath<M>[]): Set<string> {
  const out = new Set<string>();
  for (const path of paths) {
    path.steps.forEach((step, i) => {
      const before = path.steps[i - 1]?.state;
      if (!before) return; // xstate.init
      for (const t of machine.getTransitionData(before as AnyMachineSnapshot, step.event)) {
        const definitions = t.source.transitions.get(t.eventType) ?? [];
        out.add(`${t.source.id} / ${t.eventType} / ${definitions.indexOf(t)}`);
      }
    });
  }
  return out;
}

/** Every edge of the model's state graph, as "from-value --event--> to-value". */
export function graphEdges<M extends AnyStateMachine>(model: ModelOf<M>): Set<string> {
  const out = new Set<string>();
  for (const vertex of Object.values(model.getAdjacencyMap())) {
    const transitions = Object.values(vertex.transitions) as { event: EventObject; state: AnyMachineSnapshot }[];
    for (const { event, state } of transitions) {
      out.add(`${valueKey(vertex.state as AnyMachineSnapshot)} --${eventKey(event)}--> ${valueKey(state)}`);
    }
  }
  return out;
}

export function pathEdges<M extends AnyStateMachine>(paths: readonly ModelPath<M>[]): Set<string> {
  const out = new Set<string>();
  for (const path of paths) {
    path.steps.forEach((step, i) => {
      const before = path.steps[i - 1]?.state;
      if (!before) return;
      out.add(
        `${valueKey(before as AnyMachineSnapshot)} --${eventKey(step.event)}--> ${valueKey(step.state as AnyMachineSnapshot)}`,
      );
    });
  }
  return out;
}

export interface Coverage {
  missingTransitions: string[];
  missingEdges: string[];
  transitionCount: number;
  edgeCount: number;
}

export function coverageOf<M extends AnyStateMachine>(
  machine: M,
  model: ModelOf<M>,
  paths: readonly ModelPath<M>[],
): Coverage {
  const defined = definedTransitions(machine);
  const taken = takenTransitions(machine, paths);
  const edges = graphEdges(model);
  const walked = pathEdges(paths);
  return {
    missingTransitions: [...defined].filter((t) => !taken.has(t)),
    missingEdges: [...edges].filter((e) => !walked.has(e)),
    transitionCount: defined.size,
    edgeCount: edges.size,
  };
}

/**
 * The paths to run: the shortest path to every (state, incoming transition) vertex, with
 * what they leave out (callers assert both lists are empty).
 */
export function coveringPaths<M extends AnyStateMachine>(
  machine: M,
  events: readonly EventFromLogic<M>[] = [],
): { model: ModelOf<M>; paths: ModelPath<M>[]; coverage: Coverage } {
  const model = createCoveringModel(machine, events);
  const paths = model.getShortestPaths();
  return { model, paths, coverage: coverageOf(machine, model, paths) };
}

/** The deepest state of a snapshot, e.g. 'wide.open', to pick the assertion for it. */
export function stateName(snapshot: AnyMachineSnapshot): string {
  const walk = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : Object.entries(value as Record<string, unknown>)
          .map(([k, v]) => `${k}.${walk(v)}`)
          .join(',');
  return walk(snapshot.value);
}
