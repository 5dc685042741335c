/**
 * Lists the paths generated from the implementation machines (docs/path-tests.md) in the form
 * QA asks for: text, Markdown, JSON, Mermaid, one HTML page, or a Playwright runner to fill in.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { GRAPHS } from '../tests/paths/machines';
import { EXEMPT } from '../tests/paths/exempt';
import { NOT_YET_GRAPHED } from '../tests/paths/not-yet-graphed';
import { htmlOf } from './paths/html';
import { markdownOf } from './paths/markdown';
import { mermaidOf } from './paths/mermaid';
import { PLAYWRIGHT_OUT, writePlaywright } from './paths/playwright';
import { coveredCount, type MachineSummary, summarise } from './paths/summary';

const FORMATS = ['text', 'markdown', 'json', 'mermaid', 'html', 'playwright'] as const;
type Format = (typeof FORMATS)[number];

const USAGE = `Usage: npm run paths -- [--machine <id>] [--format <format>] [--out <dir>]

Prints the paths generated from the dashboard's state machines.

Options:
  --machine <id>     one machine only (default: every machine with a graph)
  --format <format>  ${FORMATS.join(' | ')} (default: text)
                       text        one line per path and the counts
                       markdown    counts, a diagram, transitions (covered or not) and paths
                       json        { machines: [{ id, file, states, transitions, covered, paths }], exempt }
                       mermaid     a stateDiagram-v2 per machine
                       html        one self-contained page: diagrams, transitions, paths
                       playwright  a Chromium runner and a step table per machine, written under
                                   --out (default ${PLAYWRIGHT_OUT}/, outside the test folder); an
                                   existing file is never overwritten
  --out <dir>        where --format playwright writes
  -h, --help         this text

Machines: ${GRAPHS.map((g) => g.id).join(', ')}`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let values: { machine?: string; format?: string; out?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      machine: { type: 'string' },
      format: { type: 'string', default: 'text' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: false,
  }));
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const format = values.format as Format;
if (!FORMATS.includes(format)) fail(`Unknown format "${values.format}".`);
const graphs = values.machine ? GRAPHS.filter((g) => g.id === values.machine) : GRAPHS;
if (!graphs.length) fail(`No machine "${values.machine}".`);

const machines = summarise(graphs);

function text(m: MachineSummary) {
  return [
    `# ${m.id}`,
    ...m.paths.map((p) => p.text),
    `${m.id}: ${m.states.length} states, ${m.transitions.length} transitions (${coveredCount(m)} covered), ${m.paths.length} paths\n`,
  ].join('\n');
}

/** The module of tests/paths/machines that exports each graph, and the export's name. */
async function graphExports() {
  const dir = 'tests/paths/machines';
  const found = new Map<string, { module: string; exportName: string }>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts')) {
    const module = join(dir, file);
    const exports = (await import(`../${module}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      const graph = GRAPHS.find((g) => g === value);
      if (graph) found.set(graph.id, { module, exportName: name });
    }
  }
  return found;
}

switch (format) {
  case 'text':
    console.log(machines.map(text).join('\n'));
    break;
  case 'markdown':
    process.stdout.write(markdownOf(machines));
    break;
  case 'mermaid':
    console.log(machines.map((m) => `%% ${m.id}\n${mermaidOf(m)}`).join('\n\n'));
    break;
  case 'html':
    process.stdout.write(htmlOf(machines));
    break;
  case 'json':
    console.log(
      JSON.stringify(
        {
          machines: machines.map((m) => ({
            id: m.id,
            file: m.file,
            states: m.states.length,
            transitions: m.transitions.length,
            covered: coveredCount(m),
            paths: m.paths.map((p) => p.text),
          })),
          exempt: EXEMPT.map(({ id, reason }) => ({ id, reason })),
          notYetGraphed: NOT_YET_GRAPHED,
        },
        null,
        2,
      ),
    );
    break;
  case 'playwright': {
    const exports = await graphExports();
    for (const m of machines) {
      const graph = exports.get(m.id);
      if (!graph) fail(`The graph of ${m.id} is not exported from tests/paths/machines.`);
      const { written, kept } = writePlaywright(m, graph, values.out);
      for (const path of written) console.log(`wrote ${path}`);
      for (const path of kept) console.log(`kept ${path} (it exists; delete it to write it again)`);
    }
    break;
  }
}
