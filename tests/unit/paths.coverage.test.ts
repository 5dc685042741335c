/**
 * Every transition and state of each machine with a graph is driven by a generated path
 * (docs/path-tests.md); a failure names what no path reaches.
 */
import { describe, expect, it } from 'vitest';
import {
  coveringPaths,
  generatePaths,
  missingCoverage,
  missingGuardBlocks,
  runPath,
  stepTitle,
} from '../paths/graph-adapter';
import { discoverMachines } from '../paths/discover';
import { EXEMPT } from '../paths/exempt';
import { GRAPHS } from '../paths/machines';
import { NOT_YET_GRAPHED } from '../paths/not-yet-graphed';
import { readReviewed } from '../paths/reviewed';

const REVIEWED = readReviewed();

describe('generated paths cover the real machines', () => {
  // The machines are found by reading src/ (tests/paths/discover.ts): a new machine fails here
  // until it has a graph in tests/paths/machines/ or an exemption with its reason.
  it('every machine of src/ has a graph or a reasoned exemption', async () => {
    const { machines, unexported } = await discoverMachines();
    const graphed = new Set<unknown>(GRAPHS.map((g) => g.machine.config));
    const graphedIds = new Set(GRAPHS.map((g) => g.machine.id));
    const exempt = new Set(EXEMPT.map((e) => `${e.file}#${e.id}`));
    expect(EXEMPT.length).toBeLessThanOrEqual(3);
    expect({
      neitherGraphedNorExempt: machines
        .filter((m) => !(m.factory ? graphedIds.has(m.id) : graphed.has(m.config)))
        .filter((m) => !exempt.has(`${m.file}#${m.id}`))
        .map((m) => `${m.file}#${m.id}`)
        .sort(),
      madeButNotExported: unexported,
    }).toEqual({ neitherGraphedNorExempt: [...NOT_YET_GRAPHED].sort(), madeButNotExported: [] });
    expect(machines.length).toBeGreaterThan(GRAPHS.length - 1);
  }, 60_000);

  for (const graph of GRAPHS) {
    it(`${graph.id}: every transition and state`, () => {
      const result = generatePaths(graph);
      expect(missingCoverage(result)).toEqual({ transitions: [], states: [] });
    });

    // A transition dropped from a machine (or one added without review) fails here by name:
    // tests/paths/reviewed/<id>.json is the list QA reviewed.
    it(`${graph.id}: the transitions are the reviewed ones`, () => {
      const reviewed: readonly string[] = REVIEWED[graph.id]?.transitions ?? [];
      const now = generatePaths(graph).transitions.map((t) => t.text);
      expect({
        dropped: reviewed.filter((t) => !now.includes(t)),
        unreviewed: now.filter((t) => !reviewed.includes(t)),
      }).toEqual({
        dropped: [],
        unreviewed: [],
      });
    });
  }

  // Each guard is driven both ways: a path where it lets the event through and one where it
  // refuses it. The guards no path refuses yet are listed by name; the list only shrinks: a new
  // guard without a refusing path fails here, and so does a gap closed but still listed.
  for (const graph of GRAPHS) {
    it(`${graph.id}: every guard is also seen refusing`, () => {
      const known: readonly string[] = REVIEWED[graph.id]?.guardsNotYetRefused ?? [];
      expect(missingGuardBlocks(generatePaths(graph))).toEqual(known);
    });
  }

  // Chromium runs a covering set of paths (decision 059): it must lose no transition, state or refusal.
  for (const graph of GRAPHS) {
    it(`${graph.id}: the paths Chromium runs still take every transition and show every refusal`, () => {
      const all = generatePaths(graph);
      const cover = { ...all, paths: coveringPaths(all) };
      expect(missingCoverage(cover)).toEqual({ transitions: [], states: [] });
      expect(missingGuardBlocks(cover)).toEqual(missingGuardBlocks(all));
      expect(cover.paths.every((p) => all.paths.includes(p))).toBe(true);
    });
  }

  it('a refused event is a path of its own, whose last step changes nothing', () => {
    const accordion = GRAPHS.find((g) => g.id === 'accordion');
    if (!accordion) throw new Error('no accordion graph');
    const blocked = generatePaths(accordion).paths.filter((p) => p.steps.at(-1)?.blocked);
    expect(blocked.map((p) => p.text)).toEqual([
      '(at a report) (root) —accordion.reveal(no section) [blocked]→ (root)',
    ]);
    const [path] = blocked;
    const last = path?.steps.at(-1);
    expect(last?.snapshot).toBe(path?.steps.at(-2)?.snapshot);
  });

  it('the reviewed list names only machines with a graph', () => {
    expect(Object.keys(REVIEWED).sort()).toEqual(GRAPHS.map((g) => g.id).sort());
  });

  it('a transition no path can take is named', () => {
    // The narrow start left out: its eventless choice and nothing else is reported.
    const menu = GRAPHS.find((g) => g.id === 'menu');
    if (!menu) throw new Error('no menu graph');
    const result = generatePaths({ ...menu, inputs: menu.inputs?.slice(0, 1) });
    expect(missingCoverage(result).transitions).toEqual(['deciding —always [isNarrowAtStart]→ narrow']);
  });

  it('a step that hangs fails naming its step, not as the test’s timeout', async () => {
    const menu = GRAPHS.find((g) => g.id === 'menu');
    if (!menu) throw new Error('no menu graph');
    const path = generatePaths(menu).paths.find((p) => p.steps.length > 1);
    if (!path) throw new Error('no menu path with an event');
    const never = () => new Promise<void>(() => undefined);
    const steps = {
      start: async () => undefined,
      states: new Proxy({}, { get: () => async () => undefined, has: () => true }),
      events: new Proxy({}, { get: () => never, has: () => true }),
    };
    await expect(runPath(path, steps, { stepTimeoutMs: 50 })).rejects.toThrow(
      `Step did not finish within 50 ms: ${stepTitle(path, 1)}`,
    );
    expect(stepTitle(path, 1)).toMatch(/^\S.* —.+→ .+$/);
  });
});
