/**
 * The large ledger's exports, through the real server: each format's job from its creation to
 * its end, the server's RSS meanwhile, and each figure beside its floor (bench/lib/large-floors.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { HEADER, XSRF_COOKIE } from '../../contract/http';
import type { Row } from '../measurements/types';
import type { ApiClient } from './api-client';
import { LEDGER_RANGE, type LedgerServer } from './ledger-db';

const EXPORT_TIMEOUT_MS = 60 * 60_000;
const RSS_SAMPLE_MS = 50;
const EXPORT_POLL_MS = 1_000;
/** How long after the CSV the server's RSS is watched: the goal is to be back near the start within a minute. */
export const SETTLE_MS = 60_000;
const MiB = 1024 * 1024;
/** The goals of the server's RSS during the CSV (docs/performance.md), by engine. */
const GROWTH_GOAL = { postgres: 50 * MiB, pglite: 100 * MiB };
const SETTLED_GOAL = 50 * MiB;
const progress = (message: string) => process.stderr.write(`${message}\n`);

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

export interface ExportResults {
  rows: number;
  durationMs: number;
  rowsPerSecond: number;
  peakRss: number | null;
  rssBefore: number | null;
  /** The RSS SETTLE_MS after the job ended, when asked to wait for it. */
  rssSettled: number | null;
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
  // 201: a small export, written during the request (decision 056).
  if (res.status !== 202 && res.status !== 201 && res.status !== 200)
    throw new Error(`POST ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

export async function measureExport(
  server: LedgerServer,
  admin: ApiClient,
  expectedRows: number,
  format: 'csv' | 'xlsx',
  settle: boolean,
): Promise<ExportResults> {
  const rssBefore = procStatusBytes(server.pid, 'VmRSS');
  const hwmReset = resetPeakRss(server.pid);
  let sampledPeak = rssBefore ?? 0;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, procStatusBytes(server.pid, 'VmRSS') ?? 0);
  }, RSS_SAMPLE_MS);
  let job: JobView;
  try {
    const created = (await postJson(admin, '/rest/reports/transaction-report/exports', {
      format,
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
  let rssSettled: number | null = null;
  if (settle) {
    progress(`  waiting ${SETTLE_MS / 1000} s for the server's RSS to settle...`);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    rssSettled = procStatusBytes(server.pid, 'VmRSS');
  }
  // Server-side: from the job's creation to its last write (the count query included).
  const durationMs = Date.parse(job.finishedAt) - Date.parse(job.createdAt);
  // The file is in the database: its size is the download's Content-Length, read without the body.
  let fileSize: number | null = null;
  // Uncompressed: a gzipped answer (text/csv is compressed) carries no Content-Length.
  const download = await fetch(`${server.baseUrl}/rest/exports/${job.id}/download`, {
    headers: { ...admin.headers(), 'accept-encoding': 'identity' },
  });
  if (download.ok) fileSize = Number(download.headers.get('content-length'));
  await download.body?.cancel();
  return {
    rows: job.rowsDone,
    durationMs,
    rowsPerSecond: Math.round((job.rowsDone / durationMs) * 1000),
    peakRss,
    rssBefore,
    rssSettled,
    fileSize,
    peakMethod: hwmReset
      ? `VmHWM after resetting it through /proc/<pid>/clear_refs, and VmRSS sampled every ${RSS_SAMPLE_MS} ms`
      : `VmRSS sampled every ${RSS_SAMPLE_MS} ms`,
  };
}

const ratioOf = (value: number, floor: number | undefined) => (floor ? Math.round((value / floor) * 100) / 100 : null);

/**
 * Each export beside its floor: the CSV beside the bare COPY of its query, the XLSX beside the
 * CSV; and the server's RSS growth during each.
 */
export function exportRows(
  exported: { format: 'csv' | 'xlsx'; result: ExportResults }[],
  copy: { ms: number; bytes: number } | null,
  engine: 'postgres' | 'pglite',
): Row[] {
  const csvMs = exported.find((e) => e.format === 'csv')?.result.durationMs;
  const rows: Row[] = exported.map(({ format, result }) => {
    const floor = format === 'csv' ? copy?.ms : csvMs;
    const growth = result.peakRss !== null && result.rssBefore !== null ? result.peakRss - result.rssBefore : null;
    const settledAbove =
      result.rssSettled !== null && result.rssBefore !== null ? result.rssSettled - result.rssBefore : null;
    return {
      id: format,
      label: `${format.toUpperCase()}, ${LEDGER_RANGE.from}..${LEDGER_RANGE.to} (floor: ${format === 'csv' ? 'bare COPY' : 'the CSV'})`,
      values: {
        rows: result.rows,
        duration: result.durationMs,
        floor: floor ?? null,
        ratio: ratioOf(result.durationMs, floor),
        rowsPerSecond: result.rowsPerSecond,
        rssBefore: result.rssBefore,
        peakRss: result.peakRss,
        rssGrowth: growth,
        growthGoal: format === 'csv' ? GROWTH_GOAL[engine] : null,
        rssSettled: result.rssSettled,
        settledAbove,
        settledGoal: result.rssSettled === null ? null : SETTLED_GOAL,
        fileSize: result.fileSize,
      },
      detail: { peakMethod: result.peakMethod, rssGrowthMiB: growth && growth / MiB },
    };
  });
  if (copy) {
    rows.push({
      id: 'bare-copy',
      label: 'bare COPY of the CSV query (bench process, bytes dropped)',
      values: { duration: copy.ms, fileSize: copy.bytes },
    });
  }
  return rows;
}
