import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  EXPORT_POLL_MS,
  type ExportJob,
  type ExportRequest,
  exportsMachine,
  type FollowedJob,
} from './exports-machine';
import { fetchActor, reportMachine, selectReportResult } from '../../ui/list/report-machine';
import type { ReportQuery, ReportResult } from '../../ui/list/report-result';

const query = (page = 1): ReportQuery => ({ reportId: 'transaction-report', page, pageSize: 50 });
const answer = (rows: number, total = rows): ReportResult => ({
  rows: Array.from({ length: rows }, (_, i) => ({ reference: `TX${i}`, amount: 100 })),
  total,
  page: 1,
  pageSize: 50,
  totals: { count: total, amount: 100 * total },
});

/** A fetch the test answers by hand, recording each call and its abort signal. */
function manualFetch() {
  const calls: {
    query: ReportQuery;
    signal: AbortSignal;
    resolve: (r: ReportResult) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const actor = fetchActor(
    (q: ReportQuery, signal) =>
      new Promise<ReportResult>((resolve, reject) => {
        calls.push({ query: q, signal, resolve, reject });
      }),
  );
  return { calls, actor };
}

function start() {
  const fetch = manualFetch();
  const actor = createActor(reportMachine.provide({ actors: { fetchReport: fetch.actor } }));
  actor.start();
  return { actor, calls: fetch.calls };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('report machine', () => {
  it('starts idle and loads on report.query: loading → loaded', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'report.query', query: query() });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query).toEqual(query());
    calls[0]?.resolve(answer(3));
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectReportResult(actor.getSnapshot())?.rows).toHaveLength(3);
    expect(actor.getSnapshot().hasTag('hasRows')).toBe(true);
  });

  it('an answer without rows is empty', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'report.query', query: query() });
    await flush();
    calls[0]?.resolve(answer(0));
    await waitFor(actor, (s) => s.matches('empty'));
    expect(actor.getSnapshot().hasTag('empty')).toBe(true);
  });

  it('a page past the end (no rows, some total) is loaded, not empty', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'report.query', query: query(9) });
    await flush();
    calls[0]?.resolve(answer(0, 120));
    await waitFor(actor, (s) => s.matches('loaded'));
  });

  it('a failure keeps the server message; report.retry repeats the same query', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'report.query', query: query(2) });
    await flush();
    calls[0]?.reject(new Error('The report service is unavailable.'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('The report service is unavailable.');
    actor.send({ type: 'report.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeNull();
    await flush();
    expect(calls[1]?.query).toEqual(query(2));
    calls[1]?.resolve(answer(1));
    await waitFor(actor, (s) => s.matches('loaded'));
  });

  it('a new query while loading aborts the old request and ignores its answer', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'report.query', query: query(1) });
    await flush();
    actor.send({ type: 'report.query', query: query(2) });
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.signal.aborted).toBe(false);
    calls[0]?.resolve(answer(5));
    await flush();
    expect(actor.getSnapshot().value).toBe('loading');
    calls[1]?.resolve(answer(2));
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectReportResult(actor.getSnapshot())?.rows).toHaveLength(2);
    expect(actor.getSnapshot().context.query).toEqual(query(2));
  });

  it('a new query from loaded, empty or failed loads again', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'report.query', query: query(1) });
    await flush();
    calls[0]?.resolve(answer(0));
    await waitFor(actor, (s) => s.matches('empty'));
    actor.send({ type: 'report.query', query: query(2) });
    expect(actor.getSnapshot().value).toBe('loading');
  });

  it('ignores report.retry unless it failed', () => {
    const { actor } = start();
    actor.send({ type: 'report.retry' });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});

const job = (over: Partial<ExportJob> = {}): ExportJob => ({
  id: 'job-1',
  status: 'queued',
  rowsDone: 0,
  rowsTotal: 100,
  format: 'csv',
  reportId: 'transaction-report',
  createdAt: '2025-03-04T10:00:00Z',
  finishedAt: null,
  error: null,
  downloadUrl: null,
  ...over,
});

const REQUEST: ExportRequest = {
  format: 'csv',
  filters: { from: '2025-03-01', to: '2025-03-04' },
  columns: ['reference', 'amount'],
  sort: 'amount',
  dir: 'asc',
  language: 'fr',
};

describe('exports machine', () => {
  it('polls while a job is queued or running, then stops; every report’s jobs are listed', async () => {
    const lists = [
      [job({ status: 'running', rowsDone: 40 }), job({ id: 'other', reportId: 'tnt-report', status: 'done' })],
      [job({ status: 'done', rowsDone: 100, downloadUrl: '/rest/exports/job-1/download?key=k' })],
    ];
    let listed = 0;
    const actor = createActor(
      exportsMachine.provide({
        actors: { listExports: fromPromise(async () => lists[Math.min(listed++, lists.length - 1)] ?? []) },
        delays: { poll: 5 },
      }),
    );
    actor.start();
    await waitFor(actor, (s) => s.hasTag('polling'));
    expect(actor.getSnapshot().context.jobs.map((j) => j.id)).toEqual(['job-1', 'other']);
    await waitFor(actor, (s) => s.matches({ list: 'idle' }));
    expect(actor.getSnapshot().context.jobs[0]?.status).toBe('done');
    expect(listed).toBe(2);
    expect(EXPORT_POLL_MS).toBe(1500);
  });

  it('posts the screen’s request and follows the job in its notice until the download link', async () => {
    let serverJobs: ExportJob[] = [];
    const created: unknown[] = [];
    const shown: FollowedJob[] = [];
    const actor = createActor(
      exportsMachine.provide({
        actors: {
          listExports: fromPromise(async () => serverJobs),
          createExport: fromPromise(async ({ input }) => {
            created.push(input);
            const j = job();
            serverJobs = [j];
            return j;
          }),
        },
        actions: { showJob: (_, followed) => shown.push(followed) },
        delays: { poll: 5 },
      }),
    );
    actor.start();
    await waitFor(actor, (s) => s.matches({ list: 'idle' }));
    actor.send({ type: 'exports.create', request: REQUEST });
    expect(actor.getSnapshot().hasTag('creating')).toBe(true);
    await waitFor(actor, (s) => s.context.jobs.length === 1);
    expect(created).toEqual([{ request: REQUEST }]);
    expect(shown[0]).toEqual({ job: job(), again: false });
    await waitFor(actor, (s) => s.hasTag('polling'));
    serverJobs = [job({ status: 'done', rowsDone: 100, downloadUrl: '/rest/x' })];
    await waitFor(actor, (s) => s.matches({ list: 'idle' }));
    expect(shown.at(-1)?.job.downloadUrl).toBe('/rest/x');
    expect(actor.getSnapshot().context.followed).toEqual([]);
  });

  it('downloads a small export the server answers finished, without a second click', async () => {
    const finished = job({
      status: 'done',
      rowsDone: 4,
      rowsTotal: 4,
      downloadUrl: '/rest/exports/job-1/download?sig=s',
    });
    const shown: FollowedJob[] = [];
    const downloaded: string[] = [];
    let serverJobs: ExportJob[] = [];
    const actor = createActor(
      exportsMachine.provide({
        actors: {
          listExports: fromPromise(async () => serverJobs),
          createExport: fromPromise(async () => {
            serverJobs = [finished];
            return finished;
          }),
        },
        actions: { showJob: (_, followed) => shown.push(followed), download: (_, url) => downloaded.push(url) },
        delays: { poll: 5 },
      }),
    );
    actor.start();
    await waitFor(actor, (s) => s.matches({ list: 'idle' }));
    actor.send({ type: 'exports.create', request: REQUEST });
    await waitFor(actor, (s) => s.context.jobs.length === 1 && s.matches({ list: 'idle', create: 'idle' }));
    expect(downloaded).toEqual(['/rest/exports/job-1/download?sig=s']);
    // Its notice says it is ready, with its link, should the browser have held the download back.
    expect(shown[0]).toEqual({ job: finished, again: false });
    expect(actor.getSnapshot().hasTag('polling')).toBe(false);
  });

  it('does not download a queued export by itself, nor when it finishes later', async () => {
    let serverJobs: ExportJob[] = [];
    const downloaded: string[] = [];
    const actor = createActor(
      exportsMachine.provide({
        actors: {
          listExports: fromPromise(async () => serverJobs),
          createExport: fromPromise(async () => {
            serverJobs = [job()];
            return job();
          }),
        },
        actions: { download: (_, url) => downloaded.push(url) },
        delays: { poll: 5 },
      }),
    );
    actor.start();
    actor.send({ type: 'exports.create', request: REQUEST });
    await waitFor(actor, (s) => s.hasTag('polling'));
    serverJobs = [job({ status: 'done', rowsDone: 100, downloadUrl: '/rest/x' })];
    await waitFor(actor, (s) => s.matches({ list: 'idle' }) && s.context.jobs[0]?.status === 'done');
    expect(downloaded).toEqual([]);
  });

  it('says so when the server answers with the identical export already under way', async () => {
    const running = job({ status: 'running', rowsDone: 10 });
    const shown: FollowedJob[] = [];
    const actor = createActor(
      exportsMachine.provide({
        actors: {
          listExports: fromPromise(async () => [running]),
          createExport: fromPromise(async () => running),
        },
        actions: { showJob: (_, followed) => shown.push(followed) },
        delays: { poll: 60_000 },
      }),
    );
    actor.start();
    await waitFor(actor, (s) => s.hasTag('polling'));
    actor.send({ type: 'exports.create', request: REQUEST });
    await waitFor(actor, () => shown.length > 0);
    expect(shown[0]).toEqual({ job: running, again: true });
    expect(actor.getSnapshot().context.jobs).toHaveLength(1);
  });

  it('keeps a failed creation as a message', async () => {
    const actor = createActor(
      exportsMachine.provide({
        actors: {
          createExport: fromPromise<ExportJob, { request: ExportRequest }>(async () => {
            throw new Error('Exports are limited to 5 at a time.');
          }),
        },
      }),
    );
    actor.start();
    actor.send({ type: 'exports.create', request: { ...REQUEST, format: 'xlsx' } });
    await waitFor(actor, (s) => s.context.createError !== null);
    expect(actor.getSnapshot().context.createError).toBe('Exports are limited to 5 at a time.');
    expect(actor.getSnapshot().hasTag('creating')).toBe(false);
  });
});
