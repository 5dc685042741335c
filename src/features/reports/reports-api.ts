import type {
  createExport,
  ExportRequest,
  getExport,
  listExports,
  listReportRows,
} from '../../../contract/api/reports';
import type { searchParties } from '../../../contract/api/details';
import type { ApiClient } from '../../api/client';
import type { ReportQuery } from '../../ui/list/report-result';
import { apiParams } from './report-query';

/** The report page's operations (contract/api/reports.ts). */
export const reportsApi = (api: ApiClient) => ({
  rows: (query: ReportQuery, signal: AbortSignal) =>
    api.call<typeof listReportRows>('GET /reports/{reportId}', {
      params: { reportId: query.reportId },
      query: apiParams(query),
      signal,
    }),
  exports: async () => (await api.call<typeof listExports>('GET /exports')).jobs,
  startExport: (reportId: string, body: ExportRequest) =>
    api.call<typeof createExport>('POST /reports/{reportId}/exports', { params: { reportId }, body }),
  /** The customers, agents and merchants a search text may mean. */
  parties: async (text: string, signal?: AbortSignal) =>
    (await api.call<typeof searchParties>('GET /search/parties', { query: { q: text }, signal })).parties,
  /** The job's download link, signed anew: the one it was listed with may have expired. */
  freshDownloadUrl: async (id: string) =>
    (await api.call<typeof getExport>('GET /exports/{id}', { params: { id } })).downloadUrl,
});
