/**
 * The step table of the exports machine (tests/paths/machines/reports.ts) on the transaction
 * report (/reports/transaction-report): the user's export jobs (the exports menu's count of
 * running ones, polled while one runs) and "Export CSV" (its job followed by a notice). Every
 * list and export request is held until the path says how it ends, and answered in the
 * server's place with the path's job; the next poll is the runner's to fire.
 */
import { type ExportJob, isActive } from '../../../src/features/reports/exports-machine';
import { en, said } from '../../messages';
import { answered, SERVER_ERROR, SERVER_FAILURE } from '../answers/reports';
import type { Driver, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { EXPORT_JOBS } from '../machines/reports';

const R = en.reports;
const LIST = 'exports';
const CREATE = 'reports/transaction-report/exports';

/** What only the runner knows: who exports, what the page asked for, and the poll's clock. */
export interface ExportsWorld {
  reader: string;
  listsAsked(): Promise<number>;
  exportsAsked(): Promise<number>;
  /** The links the page had the browser download, oldest first. */
  downloads(): Promise<string[]>;
  /** The exports list's next poll falls due. */
  poll(): Promise<void>;
}

const MAIN: Target = { role: 'main' };
const EXPORT_CSV: Target = { role: 'button', name: R.exportCsv, in: MAIN };
const MENU: Target = { role: 'button', name: new RegExp(`^${R.exports.title}`), in: MAIN };
const RUNNING: Target = { text: said(R.exports.runningCount, { n: 1 }), in: MAIN };
const NAME = said(R.exports.jobName, { report: 'Transaction Report', format: R.exports.csv });

/** The notice of a followed job, as exportNotice words it. */
function noticeOf(job: ExportJob, again: boolean): string {
  if (job.status === 'done') return said(R.exports.ready, { name: NAME });
  return said(again ? R.exports.again : R.exports.running, { name: NAME });
}

export function exportsSteps(driver: Driver, world: ExportsWorld): PathSteps {
  let list: HeldRequest | undefined;
  let create: HeldRequest | undefined;
  /** What the user expects, from the steps so far. */
  let jobs: ExportJob[] = [];
  let followed = false;
  let notice: string | null = null;
  let createError: string | null = null;
  let listError: string | null = null;
  let lists = 0;
  let posts = 0;
  let downloads: string[] = [];

  async function expectCount(what: string, actual: Promise<number>, expected: number) {
    const n = await actual;
    if (n !== expected) throw new Error(`${n} ${what}, expected ${expected}`);
  }
  async function holdList(act: () => Promise<void>) {
    list = driver.hold(LIST);
    await act();
    await list.reached;
    lists++;
  }
  /** The list asked for anew while the answer to the one before is still held: that answer comes late, and is ignored. */
  async function listAgain(act: () => Promise<void>) {
    const stale = list;
    await holdList(act);
    await stale?.release(answered({ jobs: [] }));
  }
  async function expectSeen() {
    if (jobs.some(isActive)) await driver.expectVisible(RUNNING);
    else await driver.expectAbsent(RUNNING);
    if (notice) await driver.expectVisible({ text: notice });
    else await driver.expectAbsent({ text: new RegExp(NAME.replace(/[()]/g, '\\$&')) });
    const downloaded = await world.downloads();
    if (downloaded.join() !== downloads.join()) throw new Error(`Downloaded ${downloaded}, expected ${downloads}`);
  }

  return {
    async start() {
      list = undefined;
      create = undefined;
      jobs = [];
      followed = false;
      notice = null;
      createError = null;
      listError = null;
      lists = 0;
      posts = 0;
      downloads = [];
      await holdList(() => driver.open(world.reader, '/reports/transaction-report'));
    },
    states: {
      async 'list.fetching'() {
        await expectCount('lists asked for', world.listsAsked(), lists);
        await expectSeen();
      },
      async 'list.waiting'() {
        await driver.expectVisible(RUNNING);
        await expectCount('lists asked for', world.listsAsked(), lists);
      },
      async 'list.idle'() {
        await driver.expectAbsent(RUNNING);
        await expectCount('lists asked for', world.listsAsked(), lists);
        if (listError && jobs.length === 0) {
          // With no job to list, the exports menu says why the list is missing.
          await driver.click(MENU);
          await driver.expectVisible({ text: listError, in: { role: 'menu' } });
          await driver.press({ role: 'menu' }, 'Escape');
          await driver.expectAbsent({ role: 'menu' });
        }
      },
      async 'create.idle'() {
        await driver.expectEnabled(EXPORT_CSV);
        if (createError) await driver.expectText({ role: 'alert', in: MAIN }, createError);
        else await driver.expectAbsent({ role: 'alert', in: MAIN });
        await expectCount('exports asked for', world.exportsAsked(), posts);
        await expectSeen();
      },
      async 'create.posting'() {
        await driver.expectEnabled(EXPORT_CSV, false);
        await driver.expectAbsent({ role: 'alert', in: MAIN });
        await expectCount('exports asked for', world.exportsAsked(), posts);
        await expectSeen();
      },
    },
    events: {
      async 'listExports.done'({ step }) {
        const job = EXPORT_JOBS[step.label as 'running' | 'done'];
        const request = list;
        list = undefined;
        await request?.release(answered({ jobs: [job] }));
        jobs = [job];
        listError = null;
        if (followed) notice = noticeOf(job, false);
        followed = followed && isActive(job);
      },
      async 'listExports.error'() {
        const request = list;
        list = undefined;
        await request?.release(SERVER_ERROR);
        listError = SERVER_FAILURE;
      },
      async 'after(poll)@list.waiting'() {
        await holdList(() => world.poll());
      },
      async 'exports.create'() {
        create = driver.hold(CREATE);
        await driver.click(EXPORT_CSV);
        await create.reached;
        posts++;
        createError = null;
      },
      async 'createExport.done'({ step }) {
        const job = step.label === 'queued' ? EXPORT_JOBS.queued : EXPORT_JOBS.done;
        const request = create;
        create = undefined;
        // The new job is listed again at once.
        await listAgain(async () => {
          await request?.release(answered(job));
        });
        notice = noticeOf(
          job,
          jobs.some((j) => j.id === job.id),
        );
        jobs = [job];
        followed = true;
        if (job.downloadUrl) downloads = [...downloads, job.downloadUrl];
      },
      async 'createExport.error'() {
        const request = create;
        create = undefined;
        await request?.release(SERVER_ERROR);
        createError = SERVER_FAILURE;
      },
    },
  };
}
