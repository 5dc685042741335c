/** The wallet-migration endpoints over the one API client; the machine gets them as actors. */
import type {
  MigrationBody,
  MigrationDecisionBody,
  MigrationHistoryPage,
  MigrationResult,
  MigrationWallet,
} from '../../../contract/wallet-migrations';
import type { ApiClient } from '../../api/client';

export const migrationApi = (api: ApiClient) => ({
  find: (term: string, signal?: AbortSignal) =>
    api.get<MigrationWallet>('wallet-migrations/wallet', { query: { q: term }, signal }),

  migrate: (body: MigrationBody) => api.post<MigrationResult>('wallet-migrations', body),

  /** One wallet's migrations, or everyone's when `number` is null. */
  history: (input: { number: string | null; page: number; pageSize: number }, signal?: AbortSignal) =>
    api.get<MigrationHistoryPage>('wallet-migrations', {
      query: { ...(input.number ? { number: input.number } : {}), page: input.page, pageSize: input.pageSize },
      signal,
    }),

  /** The requests waiting for a checker, newest first. */
  pending: (input: { page: number; pageSize: number }, signal?: AbortSignal) =>
    api.get<MigrationHistoryPage>('wallet-migrations', {
      query: { status: 'pending', page: input.page, pageSize: input.pageSize },
      signal,
    }),

  decide: (id: number, body: MigrationDecisionBody) =>
    api.post<MigrationResult>(`wallet-migrations/${id}/decision`, body),
});
