/** The wallet-migration operations (contract/api/wallet-migrations.ts); the machine gets them as actors. */
import type {
  createWalletMigration,
  decideWalletMigration,
  getMigrationWallet,
  listWalletMigrations,
} from '../../../contract/api/wallet-migrations';
import type { MigrationBody, MigrationDecisionBody } from '../../../contract/wallet-migrations';
import type { ApiClient } from '../../api/client';

export const migrationApi = (api: ApiClient) => ({
  find: (term: string, signal?: AbortSignal) =>
    api.call<typeof getMigrationWallet>('GET /wallet-migrations/wallet', { query: { q: term }, signal }),

  migrate: (body: MigrationBody) => api.call<typeof createWalletMigration>('POST /wallet-migrations', { body }),

  /** One wallet's migrations, or everyone's when `number` is null. */
  history: (input: { number: string | null; page: number; pageSize: number }, signal?: AbortSignal) =>
    api.call<typeof listWalletMigrations>('GET /wallet-migrations', {
      query: { ...(input.number ? { number: input.number } : {}), page: input.page, pageSize: input.pageSize },
      signal,
    }),

  /** The requests waiting for a checker, newest first. */
  pending: (input: { page: number; pageSize: number }, signal?: AbortSignal) =>
    api.call<typeof listWalletMigrations>('GET /wallet-migrations', {
      query: { status: 'pending', page: input.page, pageSize: input.pageSize },
      signal,
    }),

  decide: (id: number, body: MigrationDecisionBody) =>
    api.call<typeof decideWalletMigration>('POST /wallet-migrations/{id}/decision', { params: { id }, body }),
});
