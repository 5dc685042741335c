import type { listAuditActions, exportAuditEvents, listAuditEvents } from '../../../contract/api/audit';
import type { AuditExportFormat, AuditFilters } from '../../../contract/audit';
import type { ApiClient } from '../../api/client';
import { type AuditView, auditParams } from './audit-query';

/** The audit trail's operations (contract/api/audit.ts). */
export const auditApi = (api: ApiClient) => ({
  page: (view: AuditView, signal: AbortSignal) =>
    api.call<typeof listAuditEvents>('GET /audit-events', { query: auditParams(view), signal }),
  actions: async (signal: AbortSignal) =>
    (await api.call<typeof listAuditActions>('GET /audit-events/actions', { signal })).actions,
  exportFile: (format: AuditExportFormat, filters: AuditFilters) =>
    api.call<typeof exportAuditEvents>('GET /audit-events/export', { query: { ...filters, format }, read: 'blob' }),
});
