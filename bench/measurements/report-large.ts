import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { PRIMARY_GROUP_IDS } from '../../contract/groups';
import { findReport } from '../../contract/reports';
import type { Db } from '../../server/db/database';
import { LEDGER_SIZES } from '../../server/db/demo-ledger';
import { queryRows } from '../../server/db/query';
import { users } from '../../server/db/schema';
import type { SessionUser } from '../../server/lib/session-user';
import type { ReportFilters } from '../../server/domain/report-scope/row-conditions';
import { pageQuery, totalsQuery } from '../../server/resources/reports/query';
import { userLoader } from '../../server/resources/reports/routes';
import { prepareReport } from '../../server/resources/reports/run';
import { ApiClient } from '../lib/api-client';
import {
  CACHE_DIR,
  LEDGER_NOW,
  LEDGER_RANGE,
  LEDGER_SEED,
  LEDGER_SIZE,
  type LargeLedger,
  openLargeLedger,
  startLedgerServer,
} from '../lib/ledger-db';
import { type ExportResults, exportRows, measureExport, SETTLE_MS } from '../lib/large-export';
import { bareCopy, explainMs } from '../lib/large-floors';
import { summarise } from '../lib/stats';
import type { BenchContext, Measurement, Row } from './types';

/**
 * The transaction report on the 1,000,000-transaction ledger of bench/lib/ledger-db.ts
 * (built once, cached in .bench-cache/ or the database wallet_bench_large), through the real
 * server started on 127.0.0.1 against it, signed in as admin. The three measurements below
 * share one run: the first to be measured does all the work. Opt out with BENCH_LARGE=0.
 *
 * Bounded loops: WARM_UP untimed requests, then SAMPLES timed ones, stopping early (and saying
 * so in the Samples column) if a target takes more than TARGET_CAP_MS in all. Timings are
 * reported, never asserted.
 */
const WARM_UP = 3;
const SAMPLES = 30;
const TARGET_CAP_MS = 600_000;
const PAGE_SIZE = 50;

const ENGINE_LABEL = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const TRANSACTIONS = LEDGER_SIZES[LEDGER_SIZE].transactions.toLocaleString('en-US');
const progress = (message: string) => process.stderr.write(`${message}\n`);

interface Target {
  id: string;
  label: string;
  /** Query parameters beyond the 90-day range and the page size. */
  params: Record<string, string>;
}

/** Query parameters of a target as the route reads them (page 1 unless it says otherwise). */
function targetQuery(target: Target): Record<string, string> {
  return { from: LEDGER_RANGE.from, to: LEDGER_RANGE.to, pageSize: String(PAGE_SIZE), ...target.params };
}

function targetPath(target: Target): string {
  return `/rest/reports/transaction-report?${new URLSearchParams(targetQuery(target))}`;
}

interface TimedSamples {
  /** The first (warm-up) run: for a page, the one that also computes its totals; null for pooled samples. */
  first: number | null;
  samples: number[];
  capped: boolean;
}

const timed = async (run: () => Promise<unknown>) => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};

/**
 * WARM_UP untimed runs (the first one timed apart), then SAMPLES timed ones. With `beside`, each
 * run is followed by one of `beside`, timed apart: its samples share the page's moment, so on a
 * busy machine a floor is measured under the same load as what it is the floor of.
 */
async function timeLoop(
  run: () => Promise<unknown>,
  beside?: () => Promise<unknown>,
): Promise<TimedSamples & { beside: number[] }> {
  const first = await timed(run);
  if (beside) await beside();
  for (let i = 1; i < WARM_UP; i++) {
    await run();
    if (beside) await beside();
  }
  const samples: number[] = [];
  const besideSamples: number[] = [];
  const started = performance.now();
  let capped = false;
  for (let i = 0; i < SAMPLES; i++) {
    samples.push(await timed(run));
    if (beside) besideSamples.push(await timed(beside));
    if (i < SAMPLES - 1 && performance.now() - started > TARGET_CAP_MS) {
      capped = true;
      break;
    }
  }
  return { first, samples, capped, beside: besideSamples };
}

/** What a page is held to: p50 and p95 each within this many times (its SQL + an unsigned request). */
const PAGE_GOAL_RATIO = 1.3;

/** An unsigned request's p50 and p95 on the same server: what any answer costs beyond its SQL. */
interface RequestFloor {
  p50: number;
  p95: number;
}

const ratioOf = (ms: number, floorMs: number) => Math.round((ms / floorMs) * 100) / 100;

function latencyRow(
  id: string,
  label: string,
  timed: TimedSamples,
  matched: number | null,
  detail: object,
  sqlMs: number | null = null,
  requestFloor: RequestFloor | null = null,
): Row {
  const { p50, p95, max, count } = summarise(timed.samples);
  if (timed.capped) progress(`  ${label}: stopped after ${count} samples (${TARGET_CAP_MS / 1000} s cap)`);
  const ratio = sqlMs ? ratioOf(p95, sqlMs) : null;
  const floored = sqlMs !== null && requestFloor !== null;
  const p50Floor = floored ? ratioOf(p50, sqlMs + requestFloor.p50) : null;
  const p95Floor = floored ? ratioOf(p95, sqlMs + requestFloor.p95) : null;
  const meetsGoal =
    p50Floor === null || p95Floor === null ? null : Number(p50Floor <= PAGE_GOAL_RATIO && p95Floor <= PAGE_GOAL_RATIO);
  return {
    id,
    label: timed.capped ? `${label} (capped)` : label,
    values: {
      first: timed.first,
      p50,
      p95,
      sql: sqlMs,
      ratio,
      p50Floor,
      p95Floor,
      meetsGoal,
      max,
      samples: count,
      matched,
    },
    detail: { ...detail, capped: timed.capped },
  };
}

async function adminUser(db: Db): Promise<SessionUser> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const user = row ? await userLoader({ db, groupIds: PRIMARY_GROUP_IDS })(row.id) : null;
  if (!user) throw new Error('The large ledger has no admin user');
  return user;
}

const TX_REPORT = findReport('transaction-report');

/** What the search targets look for, taken from the ledger itself. */
interface SearchSubjects {
  /** The newest transaction's reference. */
  reference: string;
  /** The full name of the customer who sent it (a handful of namesakes among 50,000). */
  holder: string;
  /** The last 8 digits of that customer's phone. */
  phoneDigits: string;
}

interface DirectResults {
  transactions: number;
  sizeBytes: number;
  subjects: SearchSubjects;
  totals: TimedSamples;
  matched: number;
  explainFile: string | null;
  /** EXPLAIN ANALYZE planning + execution of each target's page query, by target id. */
  sqlMs: Record<string, number>;
  /** The bare COPY of the CSV export's query, unless the export is skipped. */
  copy: { ms: number; bytes: number } | null;
}

/** A target's query parameters as the report's filters. */
function targetFilters(target: Target): ReportFilters {
  const { sort, dir, service, q } = target.params;
  return {
    from: LEDGER_RANGE.from,
    to: LEDGER_RANGE.to,
    sort,
    dir: dir === 'asc' || dir === 'desc' ? dir : undefined,
    service,
    q,
  };
}

/** In this process, on the ledger's own handle: the figures that need SQL rather than HTTP. */
async function measureDirect(
  ledger: LargeLedger,
  targetsFor: (subjects: SearchSubjects) => Target[],
): Promise<DirectResults> {
  if (!TX_REPORT) throw new Error('No transaction-report in contract/reports.ts');
  const { db } = ledger.handle;
  const [count] = await queryRows<{ n: string }>(
    db,
    sql`SELECT count(*) AS n FROM transactions WHERE type <> 'opening'`,
  );
  const transactions = Number(count?.n ?? 0);
  const sizeBytes = await ledger.sizeBytes();
  // Jobs an interrupted run left behind: a server that resumes jobs at start would redo them.
  await db.execute(sql`DELETE FROM export_jobs`);

  const admin = await adminUser(db);
  const range = { from: LEDGER_RANGE.from, to: LEDGER_RANGE.to };
  const built = await prepareReport(db, TX_REPORT, admin, range);
  // The reference searched for: the newest transaction of the range, found as page 1 finds it.
  const [first] = await queryRows<{ reference: string }>(db, pageQuery(built, 1, 0));
  if (!first?.reference) throw new Error('The large ledger has no transaction in the 90-day range');
  const [customer] = await queryRows<{ label: string; phone: string }>(
    db,
    sql`SELECT a.label, a.phone FROM transactions t JOIN accounts a ON a.id = t.from_account_id
        WHERE a.kind = 'customer' AND a.phone IS NOT NULL ORDER BY t.created_at DESC, t.id DESC LIMIT 1`,
  );
  if (!customer) throw new Error('The large ledger has no customer-sent transaction');
  const subjects: SearchSubjects = {
    reference: first.reference,
    holder: customer.label,
    phoneDigits: customer.phone.replace(/\D/g, '').slice(-8),
  };
  const targets = targetsFor(subjects);

  progress(`  totals/count query alone (SQL in the bench process, ${WARM_UP} warm-up + ${SAMPLES} timed)...`);
  let matched = 0;
  const totals = await timeLoop(async () => {
    // rowCount is every matching row; count, the successful ones only (the report's totals).
    const [row] = await queryRows<{ rowCount?: string; count: string }>(db, totalsQuery(built));
    matched = Number(row?.rowCount ?? row?.count ?? 0);
  });

  const sqlMs: Record<string, number> = {};
  for (const target of targets) {
    progress(`  EXPLAIN ANALYZE of the page query, ${target.id}...`);
    const targetBuilt = await prepareReport(db, TX_REPORT, admin, targetFilters(target));
    const page = Number(target.params.page ?? '1');
    sqlMs[target.id] = await explainMs(db, pageQuery(targetBuilt, PAGE_SIZE, (page - 1) * PAGE_SIZE));
  }
  let copy: DirectResults['copy'] = null;
  if (process.env.BENCH_LARGE_EXPORT !== '0') {
    progress('  bare COPY of the CSV export query...');
    copy = await bareCopy(db, TX_REPORT, admin, range);
    progress(`  bare COPY: ${Math.round(copy.ms)} ms, ${copy.bytes.toLocaleString('en-US')} bytes`);
  }

  let explainFile: string | null = null;
  if (process.env.BENCH_EXPLAIN === '1') {
    explainFile = join(CACHE_DIR, `explain-${ledger.engine}.txt`);
    const out: string[] = [`EXPLAIN (ANALYZE, BUFFERS) on ${ledger.engine}, ${new Date().toISOString()}`, ''];
    for (const target of targets) {
      const page = target.params.page ?? '1';
      const targetBuilt = await prepareReport(db, TX_REPORT, admin, targetFilters(target));
      for (const [what, query] of [
        ['page query', pageQuery(targetBuilt, PAGE_SIZE, (Number(page) - 1) * PAGE_SIZE)],
        ['totals query', totalsQuery(targetBuilt)],
      ] as const) {
        progress(`  EXPLAIN ANALYZE ${target.id} ${what}...`);
        const plan = await queryRows<Record<string, string>>(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
        out.push(`== ${target.label}: ${what}`, ...plan.map((r) => Object.values(r)[0] ?? ''), '');
      }
    }
    writeFileSync(explainFile, `${out.join('\n')}\n`);
    progress(`  wrote ${explainFile}`);
  }
  return { transactions, sizeBytes, subjects, totals, matched, explainFile, sqlMs, copy };
}

interface LargeResults {
  ledger: Row[];
  latency: Row[];
  export: Row[];
  meta: Record<string, unknown>;
}

async function runLarge(_ctx: BenchContext): Promise<LargeResults> {
  const ledger = await openLargeLedger(progress);
  const queryTargets = ({ reference, holder, phoneDigits }: SearchSubjects): Target[] => [
    { id: 'page-1', label: 'page 1', params: {} },
    { id: 'page-200', label: 'page 200', params: { page: '200' } },
    { id: 'sort-amount', label: 'page 1, sort=amount&dir=asc', params: { sort: 'amount', dir: 'asc' } },
    { id: 'service-woyofal', label: 'page 1, service=woyofal', params: { service: 'woyofal' } },
    { id: 'search-reference', label: 'page 1, q=<a reference>', params: { q: reference } },
    { id: 'search-holder', label: 'page 1, q=<a customer name>', params: { q: holder } },
    { id: 'search-phone', label: 'page 1, q=<8 phone digits>', params: { q: phoneDigits } },
  ];
  let direct: DirectResults;
  try {
    direct = await measureDirect(ledger, queryTargets);
  } finally {
    // A PGlite data dir can only be open in one process: the server's, from here on.
    await ledger.handle.close();
  }
  const targets = queryTargets(direct.subjects);

  progress(`  starting the server on the large ledger (${ENGINE_LABEL})...`);
  const server = await startLedgerServer(ledger);
  const latency: Row[] = [];
  const exported: { format: 'csv' | 'xlsx'; result: ExportResults }[] = [];
  try {
    const admin = new ApiClient(server.baseUrl);
    await admin.login('admin');
    // What any request costs on this server (HTTP, routing, JSON) without a session or a ledger
    // read: a page cannot answer faster than this plus its SQL. Timed between the page's own
    // requests, so each page has its floor of the same moment.
    const anonymous = new ApiClient(server.baseUrl);
    const unsignedRequest = () => anonymous.get('/rest/health');
    const unsignedSamples: number[] = [];
    for (const target of targets) {
      progress(
        `  GET ${targetPath(target)}, each followed by GET /rest/health unsigned (${WARM_UP} warm-up + ${SAMPLES} timed)...`,
      );
      let matched: number | null = null;
      const page = await timeLoop(async () => {
        const body = (await admin.get(targetPath(target))) as { payload?: { total?: number; rows?: unknown[] } };
        if (!body.payload?.rows?.length) throw new Error(`${targetPath(target)} returned no rows`);
        matched = body.payload.total ?? null;
      }, unsignedRequest);
      unsignedSamples.push(...page.beside);
      const { p50: unsignedP50, p95: unsignedP95 } = summarise(page.beside);
      const unsigned: RequestFloor = { p50: unsignedP50, p95: unsignedP95 };
      latency.push(
        latencyRow(
          target.id,
          `GET …/transaction-report ${target.label}`,
          page,
          matched,
          { path: targetPath(target), unsigned },
          direct.sqlMs[target.id] ?? null,
          unsigned,
        ),
      );
    }
    // What the session adds to an unsigned request (reported beside it, not part of the floor).
    progress(
      `  GET /rest/auth/me, each followed by GET /rest/health unsigned (${WARM_UP} warm-up + ${SAMPLES} timed)...`,
    );
    const signedIn = await timeLoop(() => admin.get('/rest/auth/me'), unsignedRequest);
    unsignedSamples.push(...signedIn.beside);
    latency.push(
      latencyRow(
        'unsigned-request',
        'GET /rest/health (unsigned; the floor beside SQL, all rows)',
        { first: null, samples: unsignedSamples, capped: false },
        null,
        {
          note: 'timed after each request of the rows above; each page is set beside the p50 and p95 of the ones that followed it (its detail.unsigned)',
        },
      ),
      latencyRow('signed-in-request', 'GET /rest/auth/me (signed in, no ledger read)', signedIn, null, {
        note: 'what a session adds to the unsigned request; not part of the floor',
      }),
    );
    latency.push(
      latencyRow(
        'totals-query',
        'totals/count query alone (SQL, in the bench process)',
        direct.totals,
        direct.matched,
        {
          note: 'totalsQuery of server/resources/reports/query.ts for the 90-day range, run through queryRows',
        },
      ),
    );
    const formats = process.env.BENCH_LARGE_EXPORT === '0' ? [] : (['csv', 'xlsx'] as const);
    if (formats.length === 0) progress('  exports skipped (BENCH_LARGE_EXPORT=0)');
    for (const format of formats) {
      if (format === 'xlsx' && process.env.BENCH_LARGE_XLSX === '0') continue;
      progress(`  ${format.toUpperCase()} export of the 90-day transaction report...`);
      // The CSV's memory is watched for a minute after it: is it given back?
      const settle = format === 'csv';
      exported.push({ format, result: await measureExport(server, admin, direct.matched, format, settle) });
    }
  } finally {
    await server.stop();
  }

  return {
    ledger: [
      {
        id: 'ledger',
        label: `${ENGINE_LABEL} ledger (seed ${LEDGER_SEED}, now ${LEDGER_NOW.toISOString().slice(0, 10)})`,
        values: {
          transactions: direct.transactions,
          seedTime: ledger.seedMs === null ? null : Math.round(ledger.seedMs),
          analyzeTime: ledger.analyzeMs === null ? null : Math.round(ledger.analyzeMs),
          size: direct.sizeBytes,
        },
        detail: { built: ledger.built },
      },
    ],
    latency,
    export: exportRows(exported, direct.copy, ledger.engine),
    meta: {
      engine: ledger.engine,
      built: ledger.built,
      range: LEDGER_RANGE,
      searched: direct.subjects,
      warmUp: WARM_UP,
      samples: SAMPLES,
      capMs: TARGET_CAP_MS,
      ...(direct.explainFile ? { explainFile: direct.explainFile } : {}),
    },
  };
}

let shared: Promise<LargeResults> | undefined;
const large = (ctx: BenchContext) => {
  shared ??= runLarge(ctx);
  return shared;
};

export const reportLedger: Measurement = {
  id: 'report-ledger',
  title: `Large ledger: ${TRANSACTIONS} transactions on ${ENGINE_LABEL}, built once and cached (BENCH_LARGE=0 skips)`,
  deterministic: false,
  columns: [
    { key: 'transactions', label: 'Transactions', unit: 'count' },
    { key: 'seedTime', label: 'Seed (this run)', unit: 'ms' },
    { key: 'analyzeTime', label: 'VACUUM ANALYZE', unit: 'ms' },
    { key: 'size', label: 'On disk', unit: 'bytes' },
  ],
  async run(ctx) {
    const { ledger, meta } = await large(ctx);
    return { rows: ledger, meta };
  },
};

export const reportLatency: Measurement = {
  id: 'report-latency',
  title: `Transaction report, 90 days, pageSize=50, as admin: real server on 127.0.0.1 over ${TRANSACTIONS} transactions (${ENGINE_LABEL}; ${WARM_UP} warm-up + ${SAMPLES} timed)`,
  deterministic: false,
  columns: [
    // Totals are cached per filter: the first request of a filter pays for them, later pages and sorts do not.
    { key: 'first', label: 'first', unit: 'ms' },
    { key: 'p50', label: 'p50', unit: 'ms' },
    { key: 'p95', label: 'p95', unit: 'ms' },
    // The floor: EXPLAIN ANALYZE (planning + execution, median of 5) of the page query alone.
    { key: 'sql', label: 'SQL (EXPLAIN ANALYZE)', unit: 'ms' },
    { key: 'ratio', label: 'p95/SQL', unit: 'ratio' },
    // The floor of a page: its SQL plus an unsigned request that reads nothing (GET /rest/health,
    // same server, same run), p50 over p50 and p95 over p95.
    { key: 'p50Floor', label: 'p50/(SQL+unsigned)', unit: 'ratio' },
    { key: 'p95Floor', label: 'p95/(SQL+unsigned)', unit: 'ratio' },
    { key: 'meetsGoal', label: `both ≤ ${PAGE_GOAL_RATIO}×`, unit: 'flag' },
    { key: 'max', label: 'max', unit: 'ms' },
    { key: 'samples', label: 'Samples', unit: 'count' },
    { key: 'matched', label: 'Rows matched', unit: 'count' },
  ],
  async run(ctx) {
    return { rows: (await large(ctx)).latency };
  },
};

export const reportExport: Measurement = {
  id: 'report-export',
  title: `CSV and XLSX exports of the 90-day transaction report (POST …/exports on the same server, ${ENGINE_LABEL}; BENCH_LARGE_XLSX=0 skips the XLSX)`,
  deterministic: false,
  columns: [
    { key: 'rows', label: 'Rows', unit: 'count' },
    { key: 'duration', label: 'Duration', unit: 'ms' },
    { key: 'floor', label: 'Floor', unit: 'ms' },
    { key: 'ratio', label: 'Ratio', unit: 'ratio' },
    { key: 'rowsPerSecond', label: 'Rows/s', unit: 'count' },
    { key: 'rssBefore', label: 'Server RSS at start', unit: 'bytes' },
    { key: 'peakRss', label: 'Peak server RSS', unit: 'bytes' },
    { key: 'rssGrowth', label: 'Growth (peak − start)', unit: 'bytes' },
    { key: 'growthGoal', label: 'Growth goal', unit: 'bytes' },
    { key: 'rssSettled', label: `RSS ${SETTLE_MS / 1000} s after`, unit: 'bytes' },
    { key: 'settledAbove', label: 'That − start', unit: 'bytes' },
    { key: 'settledGoal', label: 'Its goal', unit: 'bytes' },
    { key: 'fileSize', label: 'File', unit: 'bytes' },
  ],
  async run(ctx) {
    return { rows: (await large(ctx)).export };
  },
};

/** Listed by bench/measurements/index.ts unless BENCH_LARGE=0. */
export const LARGE_MEASUREMENTS: Measurement[] = [reportLedger, reportLatency, reportExport];
