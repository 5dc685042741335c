/**
 * The floors the large-ledger figures are set beside: what the database alone takes for the
 * same work, measured in the bench process on the ledger's own handle before the server starts
 * (a PGlite data dir is open in one process at a time).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { ReportDef } from '../../contract/reports';
import type { Db } from '../../server/db/database';
import { copyOut, copyStreams, copyToBuffer } from '../../server/db/copy-to';
import { queryRows } from '../../server/db/query';
import type { SessionUser } from '../../server/lib/session-user';
import { exportColumns } from '../../server/resources/reports/export-cells';
import { csvLinesQuery } from '../../server/resources/reports/export-csv-sql';
import { columnCatalogue, prepareReport } from '../../server/resources/reports/run';

const EXPLAIN_RUNS = 5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/** The plan of `EXPLAIN (ANALYZE, FORMAT JSON)`: PGlite hands it over as text, node-postgres parsed. */
function planTimes(rows: Record<string, unknown>[]): { planning: number; execution: number } {
  const value = Object.values(rows[0] ?? {})[0];
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as {
    'Planning Time': number;
    'Execution Time': number;
  }[];
  const first = plan[0];
  if (!first) throw new Error('EXPLAIN returned no plan');
  return { planning: first['Planning Time'], execution: first['Execution Time'] };
}

/**
 * The bare SQL of a request: planning plus execution time that EXPLAIN ANALYZE reports for the
 * query, the median of EXPLAIN_RUNS runs after one untimed.
 */
export async function explainMs(db: Db, query: SQL): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i <= EXPLAIN_RUNS; i++) {
    const rows = await queryRows<Record<string, unknown>>(db, sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`);
    const { planning, execution } = planTimes(rows);
    if (i > 0) times.push(planning + execution);
  }
  return Math.round(median(times) * 1000) / 1000;
}

/**
 * A bare `COPY (the CSV export's query) TO STDOUT` (PGlite: to /dev/blob, in one piece), its
 * bytes read and dropped: the export without counting, decoding or storing the file.
 */
export async function bareCopy(
  db: Db,
  report: ReportDef,
  user: SessionUser,
  filters: Record<string, string>,
): Promise<{ ms: number; bytes: number }> {
  const built = await prepareReport(db, report, user, filters);
  const columns = exportColumns(report, columnCatalogue(report), report.columns as readonly string[], 'en');
  const picked = { ...built, columns: columns.flatMap((c) => built.columns.filter((b) => b.key === c.key)) };
  const query = csvLinesQuery(picked, columns, 'en', null, null);
  const start = performance.now();
  let bytes = 0;
  if (copyStreams(db)) {
    for await (const chunk of await copyOut(db, query)) bytes += (chunk as Buffer).length;
  } else {
    bytes = (await copyToBuffer(db, query)).length;
  }
  return { ms: performance.now() - start, bytes };
}
