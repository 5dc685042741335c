// `npm run bench`: builds the dashboard if needed, starts the real server on a free port with a
// fresh database, runs every measurement in bench/measurements/, prints a table, writes
// bench/results.json, and exits 1 when a budget of bench/budgets.ts is exceeded.
import { writeFileSync } from 'node:fs';
import { arch, cpus, platform } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from './lib/api-client';
import { cleanUp, cleanUpOnSignals, interruptedBy } from './lib/cleanup';
import { type BudgetResult, checkBudgets, renderBudgets } from './lib/budget-check';
import { flattenFigures, type MeasuredSection, renderSection } from './lib/report';
import { ensureDashboardBuild, type RunningServer, root, startServer } from './lib/server';
import { MEASUREMENTS } from './measurements/index';
import type { BenchContext } from './measurements/types';

const RESULTS_FILE = join(root, 'bench', 'results.json');

const progress = (message: string) => process.stderr.write(`${message}\n`);

async function measure(
  server: RunningServer,
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
  for (const measurement of MEASUREMENTS) {
    progress(`Measuring: ${measurement.title}...`);
    sections.push({ measurement, result: await measurement.run(ctx) });
  }
  return { engine, sections };
}

function writeResults(engine: string, sections: MeasuredSection[], budgets: BudgetResult[]): void {
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${platform()} ${arch()}`,
    cpu: `${cpus()[0]?.model ?? 'unknown'} ×${cpus().length}`,
    engine,
    figures: flattenFigures(sections),
    budgets,
    measurements: Object.fromEntries(
      sections.map(({ measurement, result }) => [
        measurement.id,
        {
          title: measurement.title,
          deterministic: measurement.deterministic,
          columns: measurement.columns,
          rows: result.rows,
          ...(result.meta ? { meta: result.meta } : {}),
        },
      ]),
    ),
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
}

async function main(): Promise<number> {
  cleanUpOnSignals();
  await ensureDashboardBuild();
  progress(
    process.env.DATABASE_URL ? 'Starting the server against PostgreSQL (DATABASE_URL)...' : 'Starting the server...',
  );
  const server = await startServer();
  let measured: Awaited<ReturnType<typeof measure>>;
  try {
    measured = await measure(server);
  } finally {
    await server.stop();
  }

  const { engine, sections } = measured;
  const budgets = checkBudgets(sections);
  writeResults(engine, sections, budgets);

  const lines = [
    '',
    `Bench ${new Date().toISOString()}  node ${process.version}  engine ${engine}`,
    '',
    ...sections.flatMap((section) => [renderSection(section), '']),
    renderBudgets(budgets),
    '',
    `Wrote ${RESULTS_FILE.slice(root.length)}`,
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
