/**
 * Path tests generated from the implementation machines themselves (docs/path-tests.md).
 *
 * `xstate/graph` refuses machines that invoke actors or wait with `after`: in a graph there is
 * no actor to finish and no clock to run. Here the real machine's own config is rewritten so
 * that each invoke's onDone / onError and each `after` delay become ordinary transitions on the
 * event type XState itself would deliver (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`,
 * `xstate.after.<delay>.<state id>`), with the same targets, guards and actions. Nothing is
 * written twice: a change to a machine changes its graph, its paths and its coverage.
 *
 * The tests only add what the machine cannot know: which outcomes an actor can have (its
 * output or error, as variants of one event), how the user causes each event, and what the
 * user sees in each state.
 */
import {
  type AnyEventObject,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  createMachine,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { createTestModel } from 'xstate/graph';

/** The name a variant goes by in paths and in the tests' step tables. */
export const LABEL: unique symbol = Symbol('label');

export type GraphEvent = AnyEventObject & { [LABEL]?: string };
type Config = Record<string, unknown>;

export interface TraversableMachine {
  /** The real machine's config without invoke / after: every outcome is an event. */
  machine: AnyStateMachine;
  /** Real event type → the readable name (`restoreSession.done`, `after(untilWarning)`). */
  nameOf(type: string): string;
  /** Readable name → real event type. */
  typeOf(name: string): string;
}

const toArray = <T>(value: T | readonly T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? [...value] : [value as T];

function nodeAt(machine: AnyStateMachine, path: readonly string[]): AnyStateNode {
  let node = machine.root as AnyStateNode;
  for (const key of path) node = node.states[key] as AnyStateNode;
  return node;
}

/** Derives the traversable machine from `machine` (its config and its implementations). */
export function traversable(machine: AnyStateMachine): TraversableMachine {
  const names = new Map<string, string>();
  const srcCount = new Map<string, number>();
  const forEachNode = (node: AnyStateNode, fn: (n: AnyStateNode) => void) => {
    fn(node);
    for (const child of Object.values(node.states)) forEachNode(child as AnyStateNode, fn);
  };
  forEachNode(machine.root, (node) => {
    for (const inv of node.invoke) srcCount.set(String(inv.src), (srcCount.get(String(inv.src)) ?? 0) + 1);
  });
  const invokeName = (node: AnyStateNode, src: string) =>
    (srcCount.get(src) ?? 0) > 1 ? `${src}@${node.path.join('.')}` : src;

  const rewrite = (config: Config, path: string[]): Config => {
    const node = nodeAt(machine, path);
    const {
      invoke: _invoke,
      after,
      states,
      on,
      ...rest
    } = config as Config & {
      invoke?: unknown;
      after?: Record<string, unknown>;
      states?: Record<string, Config>;
      on?: Record<string, unknown>;
    };
    const nextOn: Record<string, unknown> = { ...(on ?? {}) };
    toArray<Config>(config.invoke as Config | Config[] | undefined).forEach((inv, i) => {
      const real = node.invoke[i];
      if (!real) throw new Error(`${node.id}: invoke #${i} not found on the machine`);
      const name = invokeName(node, String(real.src));
      for (const [key, kind, prefix] of [
        ['onDone', 'done', 'xstate.done.actor.'],
        ['onError', 'error', 'xstate.error.actor.'],
        ['onSnapshot', 'snapshot', 'xstate.snapshot.'],
      ] as const) {
        if (inv[key] === undefined) continue;
        const type = `${prefix}${real.id}`;
        nextOn[type] = inv[key];
        names.set(type, `${name}.${kind}`);
      }
    });
    for (const [delay, transition] of Object.entries(after ?? {})) {
      const type = `xstate.after.${Number.isNaN(+delay) ? delay : +delay}.${node.id}`;
      nextOn[type] = transition;
      names.set(type, `after(${delay})${path.length ? `@${path.join('.')}` : ''}`);
    }
    return {
      ...rest,
      ...(Object.keys(nextOn).length ? { on: nextOn } : {}),
      ...(states
        ? { states: Object.fromEntries(Object.entries(states).map(([k, s]) => [k, rewrite(s, [...path, k])])) }
        : {}),
    };
  };

  const derived = createMachine(rewrite(machine.config as Config, []) as never).provide(
    machine.implementations as never,
  ) as AnyStateMachine;
  const types = new Map([...names].map(([type, name]) => [name, type]));
  return {
    machine: derived,
    nameOf: (type) => names.get(type) ?? type,
    typeOf: (name) => types.get(name) ?? name,
  };
}

// ---- Transitions, by one notation for the real machine and for the paths ----

export interface TransitionInfo {
  key: string;
  /** `state —event [guard]→ target`, with the readable event name. */
  text: string;
  /** The same, in parts: for diagrams and tables. */
  source: string;
  event: string;
  guard: string | null;
  /** Empty when the transition stays in its state (actions only). */
  targets: string[];
}

const stateName = (node: AnyStateNode) => node.path.join('.') || '(root)';

function describeTransition(
  def: AnyTransitionDefinition,
  index: number,
  nameOf: (t: string) => string,
): TransitionInfo {
  const source = def.source as AnyStateNode;
  const event = def.eventType === '' ? 'always' : nameOf(def.eventType);
  const targets = (def.target as AnyStateNode[] | undefined)?.map(stateName) ?? [];
  const guard = !def.guard
    ? null
    : typeof def.guard === 'function'
      ? `guard #${index + 1}`
      : typeof def.guard === 'object'
        ? def.guard.type
        : String(def.guard);
  return {
    key: `${source.id}|${def.eventType}|${index}`,
    text: `${stateName(source)} —${event}${guard ? ` [${guard}]` : ''}→ ${targets.join(',') || '(stays)'}`,
    source: stateName(source),
    event,
    guard,
    targets,
  };
}

/** Every transition written in the machine: events, guarded alternatives, eventless, invoke and delay outcomes. */
export function transitionsOf(machine: AnyStateMachine, nameOf: (t: string) => string = (t) => t): TransitionInfo[] {
  const out: TransitionInfo[] = [];
  const visit = (node: AnyStateNode) => {
    for (const [, defs] of node.transitions) defs.forEach((d, i) => void out.push(describeTransition(d, i, nameOf)));
    (node.always ?? []).forEach((d, i) => void out.push(describeTransition(d, i, nameOf)));
    for (const child of Object.values(node.states)) visit(child as AnyStateNode);
  };
  visit(machine.root);
  return out;
}

/** Every atomic state, by its path (`signedOut.twoFactor.entering`). */
export function atomicStatesOf(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const visit = (node: AnyStateNode) => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (!children.length) out.push(stateName(node));
    for (const child of children) visit(child);
  };
  visit(machine.root);
  return out;
}

// ---- What a test adds: outcomes, and which events a state can really see ----

export interface MachineGraph<M extends AnyStateMachine = AnyStateMachine> {
  /** The name in `npm run paths` and in test titles. */
  id: string;
  machine: M;
  /** Where paths start: one input, or several (each a labelled start, e.g. a narrow and a wide window). */
  input?: unknown;
  inputs?: readonly { label: string; input: unknown }[];
  /**
   * Implementations the graph needs instead of the app's (guards that read the world,
   * e.g. "is this still the signed-in user", read the event's variant instead).
   */
  provide?: Parameters<M['provide']>[0];
  /** The variants of an event (an actor's outcomes), by readable name; an event not named here is sent bare. */
  variants?: (
    snapshot: SnapshotFrom<M>,
  ) => Partial<Record<string, readonly ({ label: string } & Record<string, unknown>)[]>>;
  /** Events the user cannot cause in a state, though the machine would accept them. */
  filter?: (snapshot: SnapshotFrom<M>, name: string, event: GraphEvent) => boolean;
  /**
   * The part of the context that makes two snapshots of one state differ for the user (the
   * snapshot tells where a value matters: a form's values only while the form is open).
   */
  context?: (context: SnapshotFrom<M>['context'], snapshot: SnapshotFrom<M>) => unknown;
  /**
   * Adds, for each guarded transition no alternative already shows blocked, a path that sends
   * its event where the guard does not hold (a variant of the event that `variants` offers):
   * the step is `blocked`, and the runner checks that nothing changed and nothing was sent.
   */
  guardsBothWays?: boolean;
}

export interface PathStep {
  /** Readable event name (`xstate.init` for the start). */
  name: string;
  label?: string;
  event: GraphEvent;
  snapshot: AnyMachineSnapshotLike;
  /** Atomic states after the step. */
  states: string[];
  /** The machine's input at the path's start. */
  input: unknown;
  /** The event is sent where a guard refuses it: the machine stays as it was. */
  blocked?: boolean;
}
export interface GeneratedPath {
  steps: PathStep[];
  /** `state —event→ state —event→ …` */
  text: string;
}
type AnyMachineSnapshotLike = { value: unknown; context: unknown; _nodes: AnyStateNode[] };

const leaves = (snapshot: AnyMachineSnapshotLike) =>
  snapshot._nodes.filter((n) => n.type === 'atomic' || n.type === 'final').map(stateName);

export const stepName = (step: Pick<PathStep, 'name' | 'label'>) =>
  step.label ? `${step.name}(${step.label})` : step.name;

export interface MachinePaths {
  graph: MachineGraph;
  derived: TraversableMachine;
  paths: GeneratedPath[];
  transitions: TransitionInfo[];
  states: string[];
}

/**
 * Drops each path whose events begin a longer one. xstate/graph does this itself, but compares
 * events by JSON, which loses the variant's label (a symbol) and an error's message: variants
 * that differ only there (a 403 and a 500) would all but one be dropped as prefixes.
 */
function withoutPrefixes<P extends { steps: readonly { event: unknown }[] }>(paths: readonly P[]): P[] {
  const key = (e: unknown) => {
    const event = e as GraphEvent;
    return `${event.type}:${event[LABEL] ?? JSON.stringify(event)}`;
  };
  const kept: { path: P; keys: string[] }[] = [];
  for (const path of [...paths].sort((a, b) => b.steps.length - a.steps.length)) {
    const keys = path.steps.map((s) => key(s.event));
    if (!kept.some((k) => keys.every((e, i) => k.keys[i] === e))) kept.push({ path, keys });
  }
  return kept.map((k) => k.path);
}

/**
 * Shortest paths to every (state, incoming transition) vertex: so the paths take every
 * transition the graph can reach, not merely visit every state.
 */
export function generatePaths<M extends AnyStateMachine>(graph: MachineGraph<M>): MachinePaths {
  const derived = traversable(graph.machine);
  const machine = graph.provide ? derived.machine.provide(graph.provide as never) : derived.machine;
  const events = (snapshot: SnapshotFrom<M>): GraphEvent[] => {
    const byName = graph.variants?.(snapshot) ?? {};
    return Object.entries(byName).flatMap(([name, list]) =>
      (list ?? []).map(({ label, ...payload }) => ({ ...payload, type: derived.typeOf(name), [LABEL]: label })),
    );
  };
  const valueKey = (s: AnyMachineSnapshotLike) =>
    JSON.stringify([s.value, graph.context ? graph.context(s.context as never, s as never) : null]);
  const offered = (s: SnapshotFrom<M>, e: GraphEvent) => graph.filter?.(s, derived.nameOf(e.type), e) ?? true;
  const model = createTestModel(machine as never, {
    events: events as never,
    // With guards both ways, an event a guard refuses is walked only as a `blocked` step, not
    // also as an ordinary step that would look like a transition. A transition that is taken but
    // changes nothing (a busy page swallowing a click) is still a step: `snapshot.can()` would say
    // no to it, the machine's transition data does not.
    filterEvents: graph.guardsBothWays
      ? (((s: SnapshotFrom<M>, e: GraphEvent) =>
          offered(s, e) &&
          ((
            machine as unknown as { getTransitionData(s: unknown, e: GraphEvent): unknown[] | undefined }
          ).getTransitionData(s, e)?.length ?? 0) > 0) as never)
      : graph.filter
        ? (offered as never)
        : undefined,
    serializeState: ((s: AnyMachineSnapshotLike, e: GraphEvent | undefined, prev: AnyMachineSnapshotLike | undefined) =>
      `${valueKey(s)}${e && prev ? ` via ${e.type}:${e[LABEL] ?? ''} from ${valueKey(prev)}` : ''}`) as never,
    serializeEvent: ((e: GraphEvent) => `${e.type}:${e[LABEL] ?? JSON.stringify(e)}`) as never,
  });
  const starts = graph.inputs ?? [{ label: '', input: graph.input }];
  const paths = starts.flatMap(({ label: startLabel, input }) =>
    withoutPrefixes(model.getShortestPaths({ input, allowDuplicatePaths: true } as never)).map((p) => {
      const steps: PathStep[] = p.steps.map((s, i) => {
        const event = s.event as GraphEvent;
        const snapshot = s.state as unknown as AnyMachineSnapshotLike;
        const label = i === 0 ? startLabel || undefined : event[LABEL];
        return { name: derived.nameOf(event.type), label, event, snapshot, states: leaves(snapshot), input };
      });
      return { steps, text: pathText(steps) };
    }),
  );
  const transitions = transitionsOf(graph.machine, derived.nameOf);
  if (graph.guardsBothWays) {
    const blocked = blockedPaths(graph as MachineGraph, machine, derived.nameOf, paths, transitions, events as never);
    // A path that only leads to where a blocked one refuses is walked by the blocked one.
    const ledTo = new Set(blocked.map((p) => pathText(p.steps.slice(0, -1))));
    paths.splice(0, paths.length, ...paths.filter((p) => !ledTo.has(p.text)), ...blocked);
  }
  paths.sort((a, b) => a.text.localeCompare(b.text));
  return {
    graph: graph as MachineGraph,
    derived,
    paths,
    transitions,
    states: atomicStatesOf(graph.machine),
  };
}

const pathText = (steps: readonly PathStep[]) =>
  steps
    .map((s, i) =>
      i === 0
        ? `${s.label ? `(${s.label}) ` : ''}${s.states.join('+')}`
        : ` —${stepName(s)}${s.blocked ? ' [blocked]' : ''}→ ${s.states.join('+')}`,
    )
    .join('');

/** The transition keys the start took, then each event of `events`, replayed on a fresh actor. */
function replay(machine: AnyStateMachine, input: unknown, events: readonly EventObject[]): Set<string>[] {
  const taken: Set<string>[] = [];
  let current = new Set<string>();
  const actor = createActor(machine, {
    input: input as never,
    inspect: (ev) => {
      if (ev.type !== '@xstate.microstep') return;
      for (const def of (ev as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) {
        const source = def.source as AnyStateNode;
        const list = def.eventType === '' ? source.always : source.transitions.get(def.eventType);
        current.add(`${source.id}|${def.eventType}|${list?.indexOf(def) ?? -1}`);
      }
    },
  });
  actor.start();
  taken.push(current);
  for (const event of events) {
    current = new Set();
    actor.send(event);
    taken.push(current);
  }
  actor.stop();
  return taken;
}

/** `source id|event type|index` of a transition key, and whether it has a guard. */
function guardedOnes(transitions: readonly TransitionInfo[]) {
  return transitions
    .filter((t) => t.guard !== null)
    .map((t) => {
      const [sourceId, eventType, index] = t.key.split('|') as [string, string, string];
      return { t, sourceId, eventType, index: Number(index) };
    });
}

/** For each guarded transition not yet shown blocked, a path that ends sending its event where the guard refuses it. */
function blockedPaths(
  graph: MachineGraph,
  machine: AnyStateMachine,
  nameOf: (type: string) => string,
  paths: readonly GeneratedPath[],
  transitions: readonly TransitionInfo[],
  events: (snapshot: never) => GraphEvent[],
): GeneratedPath[] {
  const taken = new Set(
    paths.flatMap((p) =>
      replay(
        machine,
        p.steps[0]?.input,
        p.steps.slice(1).map((s) => s.event),
      ).flatMap((k) => [...k]),
    ),
  );
  const out: GeneratedPath[] = [];
  const blockedAt = (path: GeneratedPath, k: number, sourceId: string, eventType: string): GeneratedPath | null => {
    const step = path.steps[k] as PathStep;
    if (!step.snapshot._nodes.some((n) => n.id === sourceId)) return null;
    const name = nameOf(eventType);
    const named = events(step.snapshot as never).filter((e) => e.type === eventType);
    // An event with no variants is sent bare, as in the walk itself.
    const offered = (named.length ? named : [{ type: eventType } as GraphEvent]).filter(
      (e) => graph.filter?.(step.snapshot as never, name, e) ?? true,
    );
    const prefix = path.steps.slice(0, k + 1);
    for (const event of offered) {
      const sent = replay(machine, prefix[0]?.input, [...prefix.slice(1).map((s) => s.event), event]).at(-1);
      if (sent?.size !== 0) continue;
      const steps = [...prefix, { ...step, name, label: event[LABEL], event, blocked: true }];
      return { steps, text: pathText(steps) };
    }
    return null;
  };
  for (const { sourceId, eventType, index } of guardedOnes(transitions)) {
    if (eventType === '') continue;
    const laterTaken = [...taken].some((key) => {
      const [src, type, i] = key.split('|');
      return src === sourceId && type === eventType && Number(i) > index;
    });
    if (laterTaken) continue;
    search: for (const path of paths) {
      for (let k = 0; k < path.steps.length; k++) {
        const found = blockedAt(path, k, sourceId, eventType);
        if (found) {
          if (!out.some((p) => p.text === found.text)) out.push(found);
          break search;
        }
      }
    }
  }
  return out;
}

/**
 * The transitions the paths take, replayed through the traversable machine (so guards pick
 * exactly as in the graph) and recorded from XState's own microsteps, eventless ones included.
 */
export function coveredBy(result: MachinePaths): { transitions: Set<string>; states: Set<string> } {
  const transitions = new Set<string>();
  const states = new Set<string>();
  const base = result.derived.machine;
  const machine = result.graph.provide ? base.provide(result.graph.provide as never) : base;
  for (const path of result.paths) {
    const actor = createActor(machine, {
      input: path.steps[0]?.input as never,
      inspect: (ev) => {
        if (ev.type !== '@xstate.microstep') return;
        for (const def of (ev as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) {
          const source = def.source as AnyStateNode;
          const list = def.eventType === '' ? source.always : source.transitions.get(def.eventType);
          const index = list?.indexOf(def) ?? -1;
          transitions.add(`${source.id}|${def.eventType}|${index}`);
          // A state left at once (an eventless choice) is never at rest, but it was passed through.
          if (!Object.keys(source.states).length) states.add(stateName(source));
        }
      },
    });
    actor.start();
    for (const step of path.steps.slice(1)) actor.send(step.event as EventObject);
    for (const step of path.steps) for (const s of step.states) states.add(s);
    actor.stop();
  }
  return { transitions, states };
}

/**
 * The fewest paths, picked greedily in their own order, that still take every transition, reach
 * every state and show every refused guard that all the paths do. The Chromium runners run these:
 * each variant of an event is a path in jsdom, where a path costs a fraction of a second, while a
 * path in Chromium against the real server costs seconds.
 */
export function coveringPaths(result: MachinePaths): GeneratedPath[] {
  const itemsOf = (path: GeneratedPath) => {
    const covered = coveredBy({ ...result, paths: [path] });
    const items = new Set([...covered.transitions].map((t) => `t:${t}`));
    for (const s of covered.states) items.add(`s:${s}`);
    if (path.steps.at(-1)?.blocked) items.add(`b:${path.text}`);
    return items;
  };
  const candidates = result.paths.map((path) => ({ path, items: itemsOf(path) }));
  const needed = new Set(candidates.flatMap((c) => [...c.items]));
  const chosen = new Set<GeneratedPath>();
  while (needed.size > 0) {
    let best: (typeof candidates)[number] | undefined;
    let gain = 0;
    for (const c of candidates) {
      if (chosen.has(c.path)) continue;
      const g = [...c.items].filter((i) => needed.has(i)).length;
      if (g > gain) {
        best = c;
        gain = g;
      }
    }
    if (!best) break;
    chosen.add(best.path);
    for (const i of best.items) needed.delete(i);
  }
  return result.paths.filter((p) => chosen.has(p));
}

/** The graph's paths cut to a covering set (`coveringPaths`): what the Chromium runners run. */
export function generateCoveringPaths<M extends AnyStateMachine>(graph: MachineGraph<M>): MachinePaths {
  const all = generatePaths(graph);
  return { ...all, paths: coveringPaths(all) };
}

/** What no generated path reaches: the names of the transitions and states, for a failing test. */
export function missingCoverage(result: MachinePaths): { transitions: string[]; states: string[] } {
  const covered = coveredBy(result);
  return {
    transitions: result.transitions.filter((t) => !covered.transitions.has(t.key)).map((t) => t.text),
    states: result.states.filter((s) => !covered.states.has(s)),
  };
}

/**
 * The guarded transitions no path shows refused: neither a later alternative for the same event
 * in the same state is taken, nor is the event sent (a `blocked` step) where the guard refuses it.
 */
export function missingGuardBlocks(result: MachinePaths): string[] {
  const base = result.derived.machine;
  const machine = result.graph.provide ? base.provide(result.graph.provide as never) : base;
  const taken = new Set(
    result.paths.flatMap((p) =>
      replay(
        machine,
        p.steps[0]?.input,
        p.steps.slice(1).map((s) => s.event),
      ).flatMap((k) => [...k]),
    ),
  );
  const blocked = result.paths.flatMap((p) =>
    p.steps
      .filter((s) => s.blocked)
      .map((s) => ({ type: s.event.type, nodes: new Set(s.snapshot._nodes.map((n) => n.id)) })),
  );
  return guardedOnes(result.transitions)
    .filter(({ sourceId, eventType, index }) => {
      const laterTaken = [...taken].some((key) => {
        const [src, type, i] = key.split('|');
        return src === sourceId && type === eventType && Number(i) > index;
      });
      return !laterTaken && !blocked.some((b) => b.type === eventType && b.nodes.has(sourceId));
    })
    .map(({ t }) => t.text);
}

// ---- Running a path against the UI ----

export interface StepContext {
  /** The step after this one, if any: an event that starts a request can prepare its outcome. */
  next?: PathStep;
  step: PathStep;
}

export interface PathSteps {
  /** Opens the app: the path's first state. */
  start(ctx: StepContext): Promise<void>;
  /** What the user sees in each atomic state. */
  states: Record<string, (step: PathStep) => Promise<void>>;
  /** How the user (or the server, or time) causes each event, by readable name. */
  events: Record<string, (ctx: StepContext) => Promise<void>>;
  /** After a `blocked` step (a guard refused the event): no request left the page (for a machine that sends any). */
  nothingSent?: () => Promise<void>;
}

/** Names the states and events of the machine that a step table leaves out. */
export function incompleteSteps(result: MachinePaths, steps: Pick<PathSteps, 'states' | 'events'>) {
  const used = new Set(result.paths.flatMap((p) => p.steps.slice(1).map((s) => s.name)));
  const atRest = new Set(result.paths.flatMap((p) => p.steps.flatMap((s) => s.states)));
  return {
    states: [...atRest].filter((s) => !(s in steps.states)).sort(),
    events: [...used].filter((e) => !(e in steps.events)).sort(),
  };
}

/** Taken when the module loads, so a test's fake clock neither fires nor holds a step's timeout. */
const realSetTimeout = globalThis.setTimeout.bind(globalThis);
const realClearTimeout = globalThis.clearTimeout.bind(globalThis);

/** A step that takes longer than this fails naming itself, not as the whole test's timeout. */
export const STEP_TIMEOUT_MS = 20_000;

export interface RunOptions {
  /** Runs each step inside the runner's own step (Playwright's `test.step`), named after it. */
  step?: (title: string, body: () => Promise<void>) => Promise<void>;
  stepTimeoutMs?: number;
}

/** `start → state` or `state —event(variant)→ state`: a step's name in reports and failures. */
export function stepTitle(path: GeneratedPath, index: number): string {
  const step = path.steps[index] as PathStep;
  if (index === 0) return `start${step.label ? `(${step.label})` : ''} → ${step.states.join('+')}`;
  const before = (path.steps[index - 1] as PathStep).states.join('+');
  return `${before} —${stepName(step)}${step.blocked ? ' [blocked]' : ''}→ ${step.states.join('+')}`;
}

function withinStepTimeout(body: Promise<void>, ms: number, title: string): Promise<void> {
  let timer: ReturnType<typeof realSetTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = realSetTimeout(() => reject(new Error(`Step did not finish within ${ms} ms: ${title}`)), ms);
  });
  return Promise.race([body, late]).finally(() => realClearTimeout(timer));
}

export async function runPath(path: GeneratedPath, steps: PathSteps, options: RunOptions = {}) {
  const timeout = options.stepTimeoutMs ?? STEP_TIMEOUT_MS;
  for (const [i, step] of path.steps.entries()) {
    const ctx = { step, next: path.steps[i + 1] };
    const title = stepTitle(path, i);
    const body = async () => {
      if (i === 0) await steps.start(ctx);
      else {
        const exec = steps.events[step.name];
        if (!exec) throw new Error(`no step for event ${step.name}`);
        await exec(ctx);
      }
      for (const state of step.states) {
        const check = steps.states[state];
        if (!check) throw new Error(`no assertion for state ${state}`);
        await check(step);
      }
      if (step.blocked) await steps.nothingSent?.();
    };
    try {
      const timed = () => withinStepTimeout(body(), timeout, title);
      await (options.step ? options.step(title, timed) : timed());
    } catch (error) {
      if (error instanceof Error && !error.message.includes(path.text)) {
        error.message += `\n  at step ${i} (${title}) of\n  ${path.text}`;
      }
      throw error;
    }
  }
}
