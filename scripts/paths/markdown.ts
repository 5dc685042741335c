/** The paths as a Markdown page: per machine its counts, its transitions (covered or not) and its paths. */
import { mermaidOf } from './mermaid';
import { coveredCount, type MachineSummary } from './summary';

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function markdownOf(machines: readonly MachineSummary[]): string {
  const out = [
    '# Generated paths',
    '',
    '| machine | file | states | transitions | covered | paths |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const m of machines) {
    out.push(
      `| ${m.id} | ${m.file ?? '—'} | ${m.states.length} | ${m.transitions.length} | ${coveredCount(m)} | ${m.paths.length} |`,
    );
  }
  for (const m of machines) {
    out.push(
      '',
      `## ${m.id}`,
      '',
      '```mermaid',
      mermaidOf(m),
      '```',
      '',
      '| from | event | guard | to | covered |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const t of m.transitions) {
      out.push(
        `| ${cell(t.source)} | ${cell(t.event)} | ${cell(t.guard ?? '')} | ${cell(t.targets.join(', ') || '(stays)')} | ${t.covered ? 'yes' : '**no**'} |`,
      );
    }
    out.push('', '### Paths', '');
    for (const p of m.paths) out.push(`1. ${p.text}`);
  }
  return `${out.join('\n')}\n`;
}
