import type { ExportFormat, ExportJob, ExportRequest } from '../../../contract/api/reports';
import { assign, enqueueActions, fromPromise, raise, type SnapshotFrom, setup } from 'xstate';
import { errorMessage } from '../../ui/list/report-machine';
import { notProvided } from '../../machines/not-provided';

/** What the machine follows and asks for (`POST /reports/{reportId}/exports`, `GET /exports`). */
export type { ExportFormat, ExportJob, ExportRequest };

export type ExportsEvent =
  | { type: 'exports.create'; request: ExportRequest }
  /** Raised internally once a job is created. */
  | { type: 'exports.created' };

export const EXPORT_POLL_MS = 1500;

export const isActive = (job: ExportJob) => job.status === 'queued' || job.status === 'running';

function upsert(jobs: readonly ExportJob[], job: ExportJob): ExportJob[] {
  return [job, ...jobs.filter((j) => j.id !== job.id)];
}

/** What the page's notice for a followed job shows; `again` when the server answered a job already under way. */
export interface FollowedJob {
  job: ExportJob;
  again: boolean;
}

/**
 * The user's export jobs, two regions side by side:
 * - list: fetching → (any job queued/running ? waiting —1.5 s→ fetching : idle). The server
 *   keeps the jobs, so a reload lists them again (the exports menu).
 * - create: idle → posting → idle. The job asked for here is followed: `showJob` is called
 *   with it after the post and after each fetch until it ends (the notification). Asking
 *   for an export identical to one under way gets that job back from the server. A small
 *   export comes back finished (the server wrote it during the post) and is downloaded at
 *   once; a larger one is downloaded from its notice or the exports menu.
 */
export const exportsMachine = setup({
  types: {
    context: {} as { jobs: ExportJob[]; followed: string[]; listError: string | null; createError: string | null },
    events: {} as ExportsEvent,
  },
  actors: {
    listExports: fromPromise<ExportJob[]>(async () => []),
    createExport: notProvided<ExportJob, { request: ExportRequest }>('createExport'),
  },
  actions: {
    showJob: (_, _followed: FollowedJob) => {},
    /** Has the browser download the file at `url` (the job's link, just signed by the server). */
    download: (_, _url: string) => {},
  },
  guards: {
    anyActive: ({ context }) => context.jobs.some(isActive),
  },
  delays: { poll: EXPORT_POLL_MS },
}).createMachine({
  id: 'exports',
  type: 'parallel',
  context: () => ({ jobs: [], followed: [], listError: null, createError: null }),
  states: {
    list: {
      initial: 'fetching',
      // A new job: fetch again from the start, so the list (and the polling) includes it.
      on: { 'exports.created': { target: '.fetching', reenter: true } },
      states: {
        fetching: {
          tags: ['listing'],
          invoke: {
            src: 'listExports',
            onDone: {
              target: 'settled',
              actions: [
                assign({ jobs: ({ event }) => event.output, listError: null }),
                enqueueActions(({ context, event, enqueue }) => {
                  for (const job of event.output) {
                    if (context.followed.includes(job.id)) enqueue({ type: 'showJob', params: { job, again: false } });
                  }
                }),
                // A job is followed until it ends.
                assign({
                  followed: ({ context, event }) =>
                    context.followed.filter((id) => event.output.some((job) => job.id === id && isActive(job))),
                }),
              ],
            },
            onError: { target: 'settled', actions: assign({ listError: ({ event }) => errorMessage(event.error) }) },
          },
        },
        settled: {
          always: [{ guard: 'anyActive', target: 'waiting' }, { target: 'idle' }],
        },
        waiting: {
          tags: ['polling'],
          after: { poll: 'fetching' },
        },
        idle: {},
      },
    },
    create: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'exports.create': 'posting' },
        },
        posting: {
          tags: ['creating'],
          entry: assign({ createError: null }),
          invoke: {
            src: 'createExport',
            input: ({ event }) => ({ request: (event as Extract<ExportsEvent, { type: 'exports.create' }>).request }),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'showJob',
                  params: ({ context, event }) => ({
                    job: event.output,
                    again: context.jobs.some((j) => j.id === event.output.id),
                  }),
                },
                assign({
                  jobs: ({ context, event }) => upsert(context.jobs, event.output),
                  followed: ({ context, event }) => [
                    ...context.followed.filter((id) => id !== event.output.id),
                    event.output.id,
                  ],
                }),
                // A small export is answered finished: the click that asked for it downloads it.
                enqueueActions(({ event, enqueue }) => {
                  if (event.output.status === 'done' && event.output.downloadUrl) {
                    enqueue({ type: 'download', params: event.output.downloadUrl });
                  }
                }),
                raise({ type: 'exports.created' }),
              ],
            },
            onError: { target: 'idle', actions: assign({ createError: ({ event }) => errorMessage(event.error) }) },
          },
        },
      },
    },
  },
});

export type ExportsSnapshot = SnapshotFrom<typeof exportsMachine>;
export const selectJobs = (s: ExportsSnapshot) => s.context.jobs;
export const selectIsCreating = (s: ExportsSnapshot) => s.hasTag('creating');
export const selectCreateError = (s: ExportsSnapshot) => s.context.createError;
export const selectListError = (s: ExportsSnapshot) => s.context.listError;
