import type { search } from '../../../contract/api/details';
import type { ApiClient } from '../../api/client';

/** The header search's one operation (contract/api/details.ts). */
export const searchMatches = (api: ApiClient, text: string, signal: AbortSignal) =>
  api.call<typeof search>('GET /search', { query: { q: text }, signal });
