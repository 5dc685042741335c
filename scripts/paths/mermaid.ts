/** A machine as a Mermaid `stateDiagram-v2`: nested states flattened to their paths. */
import type { MachineSummary } from './summary';

const node = (state: string) => state.replace(/[^\w]/g, '_');

export function mermaidOf(machine: MachineSummary): string {
  const lines = ['stateDiagram-v2'];
  for (const state of machine.states) lines.push(`  state "${state}" as ${node(state)}`);
  if (machine.initial) lines.push(`  [*] --> ${node(firstLeaf(machine, machine.initial))}`);
  for (const t of machine.transitions) {
    const label = `${t.event}${t.guard ? ` [${t.guard}]` : ''}`.replace(/:/g, '﹕');
    const from = node(firstLeaf(machine, t.source));
    for (const target of t.targets.length ? t.targets : [t.source]) {
      lines.push(`  ${from} --> ${node(firstLeaf(machine, target))}: ${label}`);
    }
  }
  return lines.join('\n');
}

/** A compound state stands for its first atomic state in the flat diagram. */
export function firstLeaf(machine: MachineSummary, state: string): string {
  if (state === '(root)') return machine.initial ?? state;
  return machine.states.find((s) => s === state || s.startsWith(`${state}.`)) ?? state;
}
