import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { AuditExportFormat, AuditFilters } from '../../../contract/audit';
import { useServices } from '../../app/ServicesContext';
import { formatDateYmd } from '../../i18n/format';
import { saveBlob } from '../../ui/files/save-file';
import { auditApi } from './audit-api';
import { exportMachine } from './export-machine';

/** Downloading the filtered trail as a file, one export at a time, and why the last one failed. */
export function useAuditExport() {
  const services = useServices();
  const exporter = useActorRef(
    exportMachine.provide({
      actors: {
        exportFile: fromPromise(async ({ input }) => {
          const blob = await auditApi(services.api).exportFile(input.format, input.filters);
          saveBlob(blob, `audit-trail-${formatDateYmd(new Date())}.${input.format}`);
        }),
      },
    }),
  );
  return {
    exporting: useSelector(exporter, (s) => s.hasTag('busy')),
    failure: useSelector(exporter, (s) => s.context.failure),
    start: (format: AuditExportFormat, filters: AuditFilters) =>
      exporter.send({ type: 'export.start', format, filters }),
  };
}
