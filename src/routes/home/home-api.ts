import type { readDashboardSummary } from '../../../contract/api/dashboard';
import type { ApiClient } from '../../api/client';

/** The home page's figures (contract/api/dashboard.ts), scoped by the API to the signed-in user. */
export const homeApi = (api: ApiClient) => ({
  summary: () => api.call<typeof readDashboardSummary>('GET /dashboard/summary'),
});
