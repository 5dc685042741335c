import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { PRIMARY_GROUP_IDS } from '../../contract/groups';
import { HEADER, XSRF_COOKIE } from '../../contract/http';
import { findReport } from '../../contract/reports';
import type { Db } from '../../server/db/database';
import { LEDGER_SIZES } from '../../server/db/demo-ledger';
import { queryRows } from '../../server/db/query';
import { users } from '../../server/db/schema';
import type { SessionUser } from '../../server/lib/session-user';
import { pageQuery, type ReportFilters, totalsQuery } from '../../server/resources/reports/query';
import { userLoader } from '../../server/resources/reports/routes';
import { prepareReport } from '../../server/resources/reports/run';
import { ApiClient } from '../lib/api-client';
import {
  CACHE_DIR,
  LEDGER_NOW,
  LEDGER_RANGE,
  LEDGER_SEED,
  type LargeLedger,
  type LedgerServer,
  openLargeLedger,
  startLedgerServer,
} from '../lib/ledger-db';
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
const EXPORT_TIMEOUT_MS = 60 * 60_000;
const RSS_SAMPLE_MS = 50;
const EXPORT_POLL_MS = 1_000;
const PAGE_SIZE = 50;

const ENGINE_LABEL = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const TRANSACTIONS = LEDGER_SIZES.large.transactions.toLocaleString('en-US');
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
  /** The first (warm-up) run: for a page, the one that also computes its totals. */
  first: number;
  samples: number[];
  capped: boolean;
}

async function timeLoop(run: () => Promise<unknown>): Promise<TimedSamples> {
  const firstStart = performance.now();
  await run();
  const first = performance.now() - firstStart;
  for (let i = 1; i < WARM_UP; i++) await run();
  const samples: number[] = [];
  const started = performance.now();
  let capped = false;
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
    if (i < SAMPLES - 1 && performance.now() - started > TARGET_CAP_MS) {
      capped = true;
      break;
    }
  }
  return { first, samples, capped };
}

function latencyRow(id: string, label: string, timed: TimedSamples, matched: number | null, detail: object): Row {
  const { p50, p95, max, count } = summarise(timed.samples);
  if (timed.capped) progress(`  ${label}: stopped after ${count} samples (${TARGET_CAP_MS / 1000} s cap)`);
  return {
    id,
    label: timed.capped ? `${label} (capped)` : label,
    values: { first: timed.first, p50, p95, max, samples: count, matched },
    detail: { ...detail, capped: timed.capped },
  };
}

/** A `VmXxx:  1234 kB` line of /proc/<pid>/status, in bytes; null where there is no /proc. */
function procStatusBytes(pid: number, field: string): number | null {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Resets the process's peak RSS (VmHWM) to its current RSS; false where Linux refuses. */
function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
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
    const [row] = await queryRows<{ count: string }>(db, totalsQuery(built));
    matched = Number(row?.count ?? 0);
  });

  let explainFile: string | null = null;
  if (process.env.BENCH_EXPLAIN === '1') {
    explainFile = join(CACHE_DIR, `explain-${ledger.engine}.txt`);
    const out: string[] = [`EXPLAIN (ANALYZE, BUFFERS) on ${ledger.engine}, ${new Date().toISOString()}`, ''];
    for (const target of targets) {
      const { page = '1', sort, dir, service, q } = target.params;
      const filters: ReportFilters = {
        ...range,
        sort,
        dir: dir === 'asc' || dir === 'desc' ? dir : undefined,
        service,
        q,
      };
      const targetBuilt = await prepareReport(db, TX_REPORT, admin, filters);
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
  return { transactions, sizeBytes, subjects, totals, matched, explainFile };
}

interface ExportResults {
  rows: number;
  durationMs: number;
  rowsPerSecond: number;
  peakRss: number | null;
  rssBefore: number | null;
  fileSize: number | null;
  peakMethod: string;
}

interface JobView {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  rowsDone: number;
  rowsTotal: number | null;
  createdAt: string;
  finishedAt: string | null;
  error: string | null;
}

/** POST with the XSRF cookie echoed in its header, as the dashboard does; ApiClient only GETs. */
async function postJson(client: ApiClient, path: string, body: unknown): Promise<unknown> {
  const headers = client.headers();
  const xsrf = headers.cookie?.match(new RegExp(`${XSRF_COOKIE}=([^;]+)`))?.[1];
  if (!xsrf) throw new Error('No XSRF cookie: sign in first');
  const res = await fetch(client.baseUrl + path, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', [HEADER.xsrf]: xsrf },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 202 && res.status !== 200)
    throw new Error(`POST ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

async function measureExport(server: LedgerServer, admin: ApiClient, expectedRows: number): Promise<ExportResults> {
  const rssBefore = procStatusBytes(server.pid, 'VmRSS');
  const hwmReset = resetPeakRss(server.pid);
  let sampledPeak = rssBefore ?? 0;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, procStatusBytes(server.pid, 'VmRSS') ?? 0);
  }, RSS_SAMPLE_MS);
  let job: JobView;
  try {
    const created = (await postJson(admin, '/rest/reports/transaction-report/exports', {
      format: 'csv',
      filters: { from: LEDGER_RANGE.from, to: LEDGER_RANGE.to },
    })) as { payload: JobView };
    job = created.payload;
    const deadline = Date.now() + EXPORT_TIMEOUT_MS;
    let nextNotice = Date.now() + 30_000;
    while (job.status === 'queued' || job.status === 'running') {
      if (Date.now() > deadline) throw new Error(`The export did not finish within ${EXPORT_TIMEOUT_MS / 60_000} min`);
      await new Promise((r) => setTimeout(r, EXPORT_POLL_MS));
      job = ((await admin.get(`/rest/exports/${job.id}`)) as { payload: JobView }).payload;
      if (Date.now() > nextNotice) {
        progress(
          `  export: ${job.rowsDone.toLocaleString('en-US')} / ${(job.rowsTotal ?? 0).toLocaleString('en-US')} rows`,
        );
        nextNotice += 30_000;
      }
    }
  } finally {
    clearInterval(sampler);
  }
  if (job.status !== 'done' || !job.finishedAt) throw new Error(`The export ended ${job.status}: ${job.error}`);
  if (job.rowsDone !== expectedRows) {
    throw new Error(`The export wrote ${job.rowsDone} rows; the report counts ${expectedRows}`);
  }
  const hwm = procStatusBytes(server.pid, 'VmHWM');
  const peakRss = hwmReset && hwm !== null ? Math.max(hwm, sampledPeak) : sampledPeak || null;
  // Server-side: from the job's creation to its last write (the count query included).
  const durationMs = Date.parse(job.finishedAt) - Date.parse(job.createdAt);
  // The file is in the database: its size is the download's Content-Length, read without the body.
  let fileSize: number | null = null;
  const download = await fetch(`${server.baseUrl}/rest/exports/${job.id}/download`, { headers: admin.headers() });
  if (download.ok) fileSize = Number(download.headers.get('content-length'));
  await download.body?.cancel();
  return {
    rows: job.rowsDone,
    durationMs,
    rowsPerSecond: Math.round((job.rowsDone / durationMs) * 1000),
    peakRss,
    rssBefore,
    fileSize,
    peakMethod: hwmReset
      ? `VmHWM after resetting it through /proc/<pid>/clear_refs, and VmRSS sampled every ${RSS_SAMPLE_MS} ms`
      : `VmRSS sampled every ${RSS_SAMPLE_MS} ms`,
  };
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
  let exported: ExportResults | null;
  try {
    const admin = new ApiClient(server.baseUrl);
    await admin.login('admin');
    for (const target of targets) {
      progress(`  GET ${targetPath(target)} (${WARM_UP} warm-up + ${SAMPLES} timed)...`);
      let matched: number | null = null;
      const timed = await timeLoop(async () => {
        const body = (await admin.get(targetPath(target))) as { payload?: { total?: number; rows?: unknown[] } };
        if (!body.payload?.rows?.length) throw new Error(`${targetPath(target)} returned no rows`);
        matched = body.payload.total ?? null;
      });
      latency.push(
        latencyRow(target.id, `GET …/transaction-report ${target.label}`, timed, matched, {
          path: targetPath(target),
        }),
      );
    }
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
    if (process.env.BENCH_LARGE_EXPORT === '0') {
      progress('  CSV export skipped (BENCH_LARGE_EXPORT=0)');
      exported = null;
    } else {
      progress('  CSV export of the 90-day transaction report...');
      exported = await measureExport(server, admin, direct.matched);
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
    export: !exported
      ? []
      : [
          {
            id: 'csv',
            label: `CSV, ${LEDGER_RANGE.from}..${LEDGER_RANGE.to}`,
            values: {
              rows: exported.rows,
              duration: exported.durationMs,
              rowsPerSecond: exported.rowsPerSecond,
              peakRss: exported.peakRss,
              rssBefore: exported.rssBefore,
              fileSize: exported.fileSize,
            },
            detail: { peakMethod: exported.peakMethod },
          },
        ],
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
  title: `CSV export of the 90-day transaction report (POST …/exports on the same server, ${ENGINE_LABEL})`,
  deterministic: false,
  columns: [
    { key: 'rows', label: 'Rows', unit: 'count' },
    { key: 'duration', label: 'Duration', unit: 'ms' },
    { key: 'rowsPerSecond', label: 'Rows/s', unit: 'count' },
    { key: 'peakRss', label: 'Peak server RSS', unit: 'bytes' },
    { key: 'rssBefore', label: 'RSS before', unit: 'bytes' },
    { key: 'fileSize', label: 'File', unit: 'bytes' },
  ],
  async run(ctx) {
    return { rows: (await large(ctx)).export };
  },
};

/** Listed by bench/measurements/index.ts unless BENCH_LARGE=0. */
export const LARGE_MEASUREMENTS: Measurement[] = [reportLedger, reportLatency, reportExport];
