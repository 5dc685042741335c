/**
 * A machine's diagram as inline SVG, so the HTML page needs nothing fetched: states in columns
 * by their distance from the start, transitions as curves numbered as in the table beside it
 * (a loop on one state is listed there, not drawn).
 */
import { firstLeaf } from './mermaid';
import type { MachineSummary } from './summary';

const BOX_H = 28;
const GAP_X = 90;
const GAP_Y = 44;
const CHAR_W = 7;

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] as string);

export function diagramSvg(machine: MachineSummary): string {
  // Edges carry the transition's number in the table beside the diagram: whole event names
  // drawn on every curve overlap past a handful of states.
  const edges = machine.transitions.flatMap((t, index) =>
    (t.targets.length ? t.targets : [t.source]).map((target) => ({
      from: firstLeaf(machine, t.source),
      to: firstLeaf(machine, target),
      number: String(index + 1),
      title: `${t.event}${t.guard ? ` [${t.guard}]` : ''}`,
    })),
  );
  const depth = new Map<string, number>();
  const start = machine.initial ? firstLeaf(machine, machine.initial) : machine.states[0];
  if (start) depth.set(start, 0);
  const queue = start ? [start] : [];
  while (queue.length) {
    const state = queue.shift() as string;
    for (const e of edges) {
      if (e.from === state && !depth.has(e.to)) {
        depth.set(e.to, (depth.get(state) ?? 0) + 1);
        queue.push(e.to);
      }
    }
  }
  const lastColumn = Math.max(0, ...depth.values());
  for (const s of machine.states) if (!depth.has(s)) depth.set(s, lastColumn + 1);
  const columns: string[][] = [];
  for (const s of machine.states) {
    const d = depth.get(s) ?? 0;
    columns[d] = [...(columns[d] ?? []), s];
  }
  const width = (s: string) => Math.max(80, s.length * CHAR_W + 20);
  const place = new Map<string, { x: number; y: number; w: number }>();
  let x = 10;
  for (const column of columns) {
    if (!column) continue;
    const w = Math.max(...column.map(width));
    column.forEach((s, row) => void place.set(s, { x, y: 10 + row * (BOX_H + GAP_Y), w }));
    x += w + GAP_X;
  }
  const height = Math.max(...[...place.values()].map((p) => p.y + BOX_H + 10), 60);
  const boxes = [...place].map(
    ([s, p]) =>
      `<g><rect x="${p.x}" y="${p.y}" width="${p.w}" height="${BOX_H}" rx="6" class="state${s === start ? ' start' : ''}"/>` +
      `<text x="${p.x + p.w / 2}" y="${p.y + 18}" text-anchor="middle">${escapeXml(s)}</text></g>`,
  );
  const lines = edges
    .filter((e) => e.from !== e.to)
    .map((e, i) => {
      const a = place.get(e.from);
      const b = place.get(e.to);
      if (!a || !b) return '';
      const forward = b.x > a.x;
      const x1 = forward ? a.x + a.w : a.x + a.w / 2;
      const y1 = forward ? a.y + BOX_H / 2 : a.y + BOX_H;
      const x2 = forward ? b.x : b.x + b.w / 2;
      const y2 = forward ? b.y + BOX_H / 2 : b.y;
      const bend = forward ? 0 : 40 + (i % 4) * 12;
      const cx = (x1 + x2) / 2 + (forward ? 0 : bend);
      const cy = (y1 + y2) / 2 + (forward ? ((i % 3) - 1) * 14 : 0);
      return (
        `<path d="M${x1},${y1} Q${cx},${cy} ${x2},${y2}" class="edge" marker-end="url(#arrow)"><title>${escapeXml(`${e.number}. ${e.from} —${e.title}→ ${e.to}`)}</title></path>` +
        `<text x="${(x1 + 2 * cx + x2) / 4}" y="${(y1 + 2 * cy + y2) / 4 - 3}" class="label" text-anchor="middle">${e.number}</text>`
      );
    });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${x}" height="${height}" viewBox="0 0 ${x} ${height}" role="img" aria-label="${escapeXml(`${machine.id} states and transitions`)}">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>
${lines.join('\n')}
${boxes.join('\n')}
</svg>`;
}

export { escapeXml };
