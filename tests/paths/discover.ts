/**
 * Finds the machines of `src/` by reading the code, not from a hand-kept list: every module that
 * calls `createMachine(` (or a factory that does, such as `checkerQueueMachine(`) is imported,
 * and each state machine it exports is one machine. Machines made with `.provide()` from another
 * share its config, so they count as that machine.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { AnyStateMachine } from 'xstate';

export const ROOT = resolve(__dirname, '../..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|stories|fixtures)\.tsx?$/.test(name) ? [path] : [];
  });

export interface FoundMachine {
  /** The machine's own id (its config's `id`). */
  id: string;
  /** Where it is made or exported, relative to the repository. */
  file: string;
  /** Its config: shared by every `.provide()` of it. */
  config: unknown;
  /** Made by a factory each page calls (`createDetailMachine<T>()`): a graph of one of its machines covers it, by id. */
  factory?: boolean;
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' &&
  value !== null &&
  'config' in value &&
  'root' in value &&
  typeof (value as { transition?: unknown }).transition === 'function';

/** Every machine of `src/`, once per config; files that make a machine but export none are named in `unexported`. */
export async function discoverMachines(): Promise<{ machines: FoundMachine[]; unexported: string[] }> {
  const files = sourceFiles(join(ROOT, 'src')).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  const makers = files.filter((f) => /\bcreateMachine\(/.test(f.text));
  const candidates = new Set(makers.map((f) => f.path));
  const factoryOf = new Map<string, string[]>();
  for (const maker of makers) {
    // Factories are named for what they make (`checkerQueueMachine`).
    const names = [...maker.text.matchAll(/export function (\w+Machine)\b/g)].map((m) => m[1] as string);
    factoryOf.set(maker.path, names);
    for (const file of files) {
      if (names.some((name) => new RegExp(`\\b${name}(<[^>]*>)?\\(`).test(file.text))) candidates.add(file.path);
    }
  }

  const byConfig = new Map<unknown, FoundMachine>();
  const exportedFrom = new Set<string>();
  for (const path of [...candidates].sort()) {
    const module = (await import(/* @vite-ignore */ path)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!isMachine(value)) continue;
      exportedFrom.add(path);
      if (!byConfig.has(value.config)) {
        byConfig.set(value.config, { id: value.id, file: relative(ROOT, path), config: value.config });
      }
    }
  }
  // A factory that takes no argument is called here: its machine is one machine, whatever type
  // its caller gives it. One that takes a spec (checkerQueueMachine) is covered by the exported
  // machines its callers make.
  const unexported: string[] = [];
  for (const maker of makers.filter((f) => !exportedFrom.has(f.path))) {
    const module = (await import(/* @vite-ignore */ maker.path)) as Record<string, unknown>;
    const made = (factoryOf.get(maker.path) ?? [])
      .map((name) => module[name])
      .filter((fn): fn is () => unknown => typeof fn === 'function' && fn.length === 0)
      .map((fn) => fn())
      .filter(isMachine);
    for (const machine of made)
      byConfig.set(machine.config, {
        id: machine.id,
        file: relative(ROOT, maker.path),
        config: machine.config,
        factory: true,
      });
    const called = [...candidates].some((c) => c !== maker.path && exportedFrom.has(c));
    if (made.length === 0 && !called) unexported.push(relative(ROOT, maker.path));
  }
  return { machines: [...byConfig.values()], unexported };
}
