/** One self-contained HTML page: each machine's diagram, its transitions (covered or not) and its paths. */
import { diagramSvg, escapeXml } from './diagram-svg';
import { coveredCount, type MachineSummary } from './summary';

const STYLE = `body{font:14px system-ui,sans-serif;margin:24px;color:#1f2933}
h1{font-size:22px}h2{font-size:18px;margin-top:40px}table{border-collapse:collapse;margin:8px 0}
td,th{border:1px solid #cbd2d9;padding:4px 8px;text-align:left;vertical-align:top}
.figure{overflow-x:auto;border:1px solid #e4e7eb;padding:8px}
svg .state{fill:#f0f4f8;stroke:#486581}svg .start{stroke-width:3}svg text{font:12px system-ui,sans-serif}
svg .edge{fill:none;stroke:#829ab1}svg .label{fill:#243b53;font-size:11px;font-weight:600;paint-order:stroke;stroke:#fff;stroke-width:3px}.no{color:#b42318;font-weight:600}
ol li{font-family:ui-monospace,monospace;font-size:12px;margin:2px 0}`;

export function htmlOf(machines: readonly MachineSummary[], generatedAt = new Date()): string {
  const summary = machines
    .map(
      (m) =>
        `<tr><td><a href="#${m.id}">${m.id}</a></td><td>${escapeXml(m.file ?? '—')}</td><td>${m.states.length}</td><td>${m.transitions.length}</td><td>${coveredCount(m)}</td><td>${m.paths.length}</td></tr>`,
    )
    .join('\n');
  const sections = machines.map((m) => {
    const rows = m.transitions
      .map(
        (t, i) =>
          `<tr><td>${i + 1}</td><td>${escapeXml(t.source)}</td><td>${escapeXml(t.event)}</td><td>${escapeXml(t.guard ?? '')}</td><td>${escapeXml(t.targets.join(', ') || '(stays)')}</td><td${t.covered ? '>yes' : ' class="no">no'}</td></tr>`,
      )
      .join('\n');
    const paths = m.paths.map((p) => `<li>${escapeXml(p.text)}</li>`).join('\n');
    return `<section id="${m.id}"><h2>${m.id}</h2><p>${escapeXml(m.file ?? '')}</p>
<div class="figure">${diagramSvg(m)}</div>
<h3>Transitions</h3><table><thead><tr><th>#</th><th>from</th><th>event</th><th>guard</th><th>to</th><th>covered</th></tr></thead><tbody>
${rows}
</tbody></table>
<h3>Paths (${m.paths.length})</h3><ol>
${paths}
</ol></section>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Generated paths</title><style>${STYLE}</style></head>
<body><h1>Generated paths</h1><p>From the implementation machines, ${escapeXml(generatedAt.toISOString())}.</p>
<table><thead><tr><th>machine</th><th>file</th><th>states</th><th>transitions</th><th>covered</th><th>paths</th></tr></thead><tbody>
${summary}
</tbody></table>
${sections.join('\n')}
</body></html>
`;
}
