import { assign, fromPromise, raise, type SnapshotFrom, setup } from 'xstate';
import { errorMessage } from '../../ui/list/report-machine';
import { notProvided } from '../../machines/not-provided';

export type ExportFormat = 'csv' | 'xlsx';
type ExportStatus = 'queued' | 'running' | 'done' | 'failed';

/** One background export (`POST reports/{id}/exports`, `GET exports`). */
export interface ExportJob {
  id: string;
  status: ExportStatus;
  rowsDone: number;
  rowsTotal: number | null;
  format: ExportFormat;
  reportId: string;
  createdAt: string;
  /** An absolute path under /rest/ once done; opened as a plain link. */
  downloadUrl: string | null;
  error?: string | null;
}

export type ExportsEvent =
  | { type: 'exports.create'; format: ExportFormat; filters: Record<string, string> }
  /** Raised internally once a job is created. */
  | { type: 'exports.created' };

export const EXPORT_POLL_MS = 1500;

const isActive = (job: ExportJob) => job.status === 'queued' || job.status === 'running';

function upsert(jobs: readonly ExportJob[], job: ExportJob): ExportJob[] {
  return [job, ...jobs.filter((j) => j.id !== job.id)];
}

/**
 * A report's export jobs, two regions side by side:
 * - list: fetching → (any job queued/running ? waiting —1.5 s→ fetching : idle). The server
 *   keeps the jobs, so a reload lists them again.
 * - create: idle → posting → idle. A created job is shown at once and the list is fetched
 *   again from the start (a fetch already in flight could predate the job).
 */
export const exportsMachine = setup({
  types: {
    context: {} as { reportId: string; jobs: ExportJob[]; listError: string | null; createError: string | null },
    events: {} as ExportsEvent,
    input: {} as { reportId: string },
  },
  actors: {
    listExports: fromPromise<ExportJob[], { reportId: string }>(async () => []),
    createExport: notProvided<ExportJob, { reportId: string; format: ExportFormat; filters: Record<string, string> }>(
      'createExport',
    ),
  },
  guards: {
    anyActive: ({ context }) => context.jobs.some(isActive),
  },
  delays: { poll: EXPORT_POLL_MS },
}).createMachine({
  id: 'exports',
  type: 'parallel',
  context: ({ input }) => ({ reportId: input.reportId, jobs: [], listError: null, createError: null }),
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
            input: ({ context }) => ({ reportId: context.reportId }),
            onDone: {
              target: 'settled',
              actions: assign({
                jobs: ({ context, event }) => event.output.filter((j) => j.reportId === context.reportId),
                listError: null,
              }),
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
            input: ({ context, event }) => {
              const e = event as Extract<ExportsEvent, { type: 'exports.create' }>;
              return { reportId: context.reportId, format: e.format, filters: e.filters };
            },
            onDone: {
              target: 'idle',
              actions: [
                assign({ jobs: ({ context, event }) => upsert(context.jobs, event.output) }),
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
