import { assign, setup } from 'xstate';
import type { AuditExportFormat, AuditFilters } from '../../../contract/audit';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import { notProvided } from '../../machines/not-provided';

/**
 * Exporting the audit trail: idle → exporting → idle, or idle with the failure shown. One
 * export at a time; the effect `exportFile` (fetch with the session, then save) is provided by
 * the page with the filters in force when the user asked.
 */
export type ExportEvent = { type: 'export.start'; format: AuditExportFormat; filters: AuditFilters };

export interface ExportContext {
  failure: RequestFailure | null;
}

export const exportMachine = setup({
  types: { context: {} as ExportContext, events: {} as ExportEvent },
  actors: {
    exportFile: notProvided<void, { format: AuditExportFormat; filters: AuditFilters }>('exportFile'),
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
