import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { AuditExportFormat } from '../../../contract/audit';
import { describeFailure, type RequestFailure } from '../../ui/failure';

/**
 * Exporting the audit trail: idle → exporting → idle, or idle with the failure shown. One
 * export at a time; the effect `exportFile` (fetch with the session, then save) is provided by
 * the page with the filters in force when the user asked.
 */
export type ExportEvent = { type: 'export.start'; format: AuditExportFormat; filters: Record<string, string> };

export interface ExportContext {
  failure: RequestFailure | null;
}

export const exportMachine = setup({
  types: { context: {} as ExportContext, events: {} as ExportEvent },
  actors: {
    exportFile: fromPromise<void, { format: AuditExportFormat; filters: Record<string, string> }>(async () => {
      throw new Error('exportFile not provided');
    }),
  },
}).createMachine({
  id: 'auditExport',
  initial: 'idle',
  context: { failure: null },
  states: {
    idle: {
      on: { 'export.start': 'exporting' },
    },
    exporting: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        src: 'exportFile',
        input: ({ event }) => {
          const e = event as ExportEvent;
          return { format: e.format, filters: e.filters };
        },
        onDone: 'idle',
        onError: { target: 'idle', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
      },
    },
  },
});

export type ExportSnapshot = SnapshotFrom<typeof exportMachine>;
