/**
 * A path runner's tests in jsdom: that the graph's paths drive every transition and state and
 * that the step table names each of them, then one test per generated path, each on a new app.
 */
import type { AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  generatePaths,
  incompleteSteps,
  type MachineGraph,
  missingCoverage,
  type PathSteps,
  runPath,
} from '../../paths/graph-adapter';

const PATH_TIMEOUT_MS = 30_000;

export function describePaths<M extends AnyStateMachine>(
  title: string,
  graph: MachineGraph<M>,
  stepsForOnePath: () => PathSteps,
): void {
  describe(title, () => {
    const generated = generatePaths(graph);

    it('drives every transition and state of the machine', () => {
      expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
      expect(incompleteSteps(generated, stepsForOnePath())).toEqual({ states: [], events: [] });
    });

    for (const path of generated.paths) {
      it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, stepsForOnePath()));
    }
  });
}
