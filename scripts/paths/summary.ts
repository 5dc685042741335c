/**
 * One machine's graph as QA reads it, whatever the format: its source file, states, transitions
 * (each with whether a generated path takes it) and paths.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { coveredBy, generatePaths, type MachineGraph, type TransitionInfo } from '../../tests/paths/graph-adapter';

export interface PathSummary {
  /** `state —event→ state …` */
  text: string;
  steps: { event: string; states: string[] }[];
}

export interface MachineSummary {
  id: string;
  /** The file whose `createMachine` config carries the machine's id, relative to the repository. */
  file: string | null;
  states: string[];
  transitions: (TransitionInfo & { covered: boolean })[];
  initial: string | null;
  paths: PathSummary[];
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|stories|fixtures)\.tsx?$/.test(name) ? [path] : [];
  });

/** Where each machine id is written (`id: 'review'`) in a file that defines a machine. */
function machineFiles(root: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(join(root, 'src'))) {
    const text = readFileSync(file, 'utf8');
    if (!/Machine\(/.test(text)) continue;
    for (const match of text.matchAll(/\bid: '([A-Za-z][\w-]*)'/g)) {
      const id = match[1] as string;
      if (!found.has(id)) found.set(id, relative(root, file));
    }
  }
  return found;
}

export function summarise(graphs: readonly MachineGraph[], root = process.cwd()): MachineSummary[] {
  const files = machineFiles(root);
  return graphs.map((graph) => {
    const result = generatePaths(graph);
    const covered = coveredBy(result).transitions;
    const initial = graph.machine.root.initial?.target?.[0];
    return {
      id: graph.id,
      file: files.get(graph.machine.id) ?? null,
      states: result.states,
      transitions: result.transitions.map((t) => ({ ...t, covered: covered.has(t.key) })),
      initial: initial ? initial.path.join('.') : null,
      paths: result.paths.map((p) => ({
        text: p.text,
        steps: p.steps.map((s, i) => ({
          event: i === 0 ? (s.label ? `start(${s.label})` : 'start') : s.label ? `${s.name}(${s.label})` : s.name,
          states: s.states,
        })),
      })),
    };
  });
}

export const coveredCount = (m: MachineSummary) => m.transitions.filter((t) => t.covered).length;
