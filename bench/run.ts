// `npm run bench`: builds the dashboard if needed, starts the real server on a free port with a
// fresh database, runs every measurement in bench/measurements/, prints a table, writes
// bench/results.json, and exits 1 when a budget of bench/budgets.ts is exceeded.
// BENCH_ONLY=<id>,<id> runs those measurements only (their budgets alone are checked) and
// updates their entries in bench/results.json, keeping the others' from earlier runs.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, platform } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from './lib/api-client';
import { cleanUp, cleanUpOnSignals, interruptedBy } from './lib/cleanup';
import { type BudgetResult, checkBudgets, renderBudgets } from './lib/budget-check';
import { type MeasuredSection, renderSection } from './lib/report';
import { ensureDashboardBuild, type RunningServer, root, startServer } from './lib/server';
import { BUDGETS } from './budgets';
import { MEASUREMENTS } from './measurements/index';
import type { BenchContext, Column, Measurement, Row } from './measurements/types';

const RESULTS_FILE = join(root, 'bench', 'results.json');

const progress = (message: string) => process.stderr.write(`${message}\n`);

/** BENCH_ONLY=<id>,<id>: the measurements to run, in MEASUREMENTS order; null when unset (all of them). */
function onlyMeasurements(): Measurement[] | null {
  const ids = (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 0) return null;
  const known = MEASUREMENTS.map((m) => m.id);
  const unknown = ids.filter((id) => !known.includes(id));
  if (unknown.length > 0) {
    throw new Error(`BENCH_ONLY names no measurement ${unknown.join(', ')}; there are: ${known.join(', ')}`);
  }
  return MEASUREMENTS.filter((m) => ids.includes(m.id));
}

async function measure(
  server: RunningServer,
  measurements: Measurement[],
): Promise<{ engine: BenchContext['engine']; sections: MeasuredSection[] }> {
  const health = (await new ApiClient(server.baseUrl).get('/rest/health')) as { payload?: { database?: string } };
  const engine = health.payload?.database;
  if (engine !== 'pglite' && engine !== 'postgres') throw new Error(`/rest/health reported database ${engine}`);
  if (engine !== server.requestedEngine)
    throw new Error(`Expected ${server.requestedEngine} but the server uses ${engine}`);
  progress(
    engine === 'postgres'
      ? 'Engine: PostgreSQL (DATABASE_URL is set; its database is migrated and seeded if empty).'
      : 'Engine: PGlite (fresh temporary data dir).',
  );
  const ctx: BenchContext = { baseUrl: server.baseUrl, serverPid: server.pid, engine };
  const sections: MeasuredSection[] = [];
  for (const measurement of measurements) {
    progress(`Measuring: ${measurement.title}...`);
    sections.push({ measurement, result: await measurement.run(ctx) });
  }
  return { engine, sections };
}

/** What results.json keeps of one measurement. */
interface StoredMeasurement {
  title: string;
  /** When and on which engine it was measured (BENCH_ONLY runs leave the others' as they were). */
  date?: string;
  engine?: string;
  deterministic: boolean;
  columns: Column[];
  rows: Row[];
  meta?: Record<string, unknown>;
}

interface StoredResults {
  date?: string;
  measurements?: Record<string, StoredMeasurement>;
}

/** Every figure by its name `<measurement>.<row>.<column>`. */
function figuresOf(measurements: Record<string, StoredMeasurement>): Record<string, number | null> {
  const figures: Record<string, number | null> = {};
  for (const [id, { columns, rows }] of Object.entries(measurements)) {
    for (const row of rows) {
      for (const column of columns) figures[`${id}.${row.id}.${column.key}`] = row.values[column.key] ?? null;
    }
  }
  return figures;
}

function readPreviousResults(): StoredResults {
  if (!existsSync(RESULTS_FILE)) return {};
  try {
    return JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as StoredResults;
  } catch {
    progress(`(${RESULTS_FILE.slice(root.length)} was unreadable: it now holds this run only)`);
    return {};
  }
}

function writeResults(engine: string, sections: MeasuredSection[], budgets: BudgetResult[], partial: boolean): void {
  const date = new Date().toISOString();
  const measured: Record<string, StoredMeasurement> = Object.fromEntries(
    sections.map(({ measurement, result }) => [
      measurement.id,
      {
        title: measurement.title,
        date,
        engine,
        deterministic: measurement.deterministic,
        columns: measurement.columns,
        rows: result.rows,
        ...(result.meta ? { meta: result.meta } : {}),
      },
    ]),
  );
  let measurements = measured;
  if (partial) {
    // Keep the other measurements of the last runs, each with the date it was measured.
    const previous = readPreviousResults();
    const kept = Object.entries(previous.measurements ?? {}).map(([id, m]): [string, StoredMeasurement] => [
      id,
      { ...m, date: m.date ?? previous.date },
    ]);
    const merged = new Map<string, StoredMeasurement>(kept);
    for (const [id, m] of Object.entries(measured)) merged.set(id, m);
    const order = [...MEASUREMENTS.map((m) => m.id), ...merged.keys()];
    measurements = Object.fromEntries(
      [...new Set(order)].flatMap((id) => {
        const m = merged.get(id);
        return m ? [[id, m] as const] : [];
      }),
    );
  }
  const results = {
    date,
    node: process.version,
    platform: `${platform()} ${arch()}`,
    cpu: `${cpus()[0]?.model ?? 'unknown'} ×${cpus().length}`,
    engine,
    ...(partial ? { only: sections.map((s) => s.measurement.id) } : {}),
    figures: figuresOf(measurements),
    budgets,
    measurements,
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
}

async function main(): Promise<number> {
  cleanUpOnSignals();
  const only = onlyMeasurements();
  if (only) progress(`BENCH_ONLY: ${only.map((m) => m.id).join(', ')}`);
  await ensureDashboardBuild();
  progress(
    process.env.DATABASE_URL ? 'Starting the server against PostgreSQL (DATABASE_URL)...' : 'Starting the server...',
  );
  const server = await startServer();
  let measured: Awaited<ReturnType<typeof measure>>;
  try {
    measured = await measure(server, only ?? MEASUREMENTS);
  } finally {
    await server.stop();
  }

  const { engine, sections } = measured;
  // With BENCH_ONLY, only the budgets of the measurements that ran.
  const ran = new Set(sections.map((s) => s.measurement.id));
  const skipped = Object.keys(BUDGETS).filter((figure) => !ran.has(figure.split('.')[0] ?? ''));
  const budgets = checkBudgets(
    sections,
    only ? Object.fromEntries(Object.entries(BUDGETS).filter(([figure]) => !skipped.includes(figure))) : BUDGETS,
  );
  writeResults(engine, sections, budgets, only !== null);

  const lines = [
    '',
    `Bench ${new Date().toISOString()}  node ${process.version}  engine ${engine}`,
    '',
    ...sections.flatMap((section) => [renderSection(section), '']),
    ...(budgets.length > 0 ? [renderBudgets(budgets)] : []),
    ...(only && skipped.length > 0 ? [`Budgets not checked (BENCH_ONLY): ${skipped.join(', ')}`] : []),
    '',
    `Wrote ${RESULTS_FILE.slice(root.length)}${only ? ' (the measurements above; the others kept from earlier runs)' : ''}`,
  ];
  console.log(lines.join('\n'));

  const failed = budgets.filter((b) => !b.ok);
  if (failed.length > 0) {
    console.log(`\nBUDGET EXCEEDED: ${failed.map((b) => b.figure).join(', ')}`);
    return 1;
  }
  return 0;
}

/** Exits only once every clean-up task is done, whichever way the run ended. */
async function finish(code: number): Promise<never> {
  await cleanUp();
  process.exit(interruptedBy() ? 130 : code);
}

main().then(finish, (error: unknown) => {
  if (!interruptedBy()) {
    console.error(`\nBench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  return finish(1);
});
