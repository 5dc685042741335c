import type { Clock } from '../../http/clock';

type Totals = Record<string, unknown>;

/**
 * Totals of a filtered transaction report, kept while the ledger has not grown. Paging and
 * sorting change the rows shown, never the totals, and over a million rows the totals are the
 * costly part of a page. An entry serves while the newest transaction id is unchanged and for
 * at most `maxAgeMs`, so a change that adds no transaction is seen within that time.
 * Concurrent requests for the same key share one computation.
 */
export function createTotalsCache(options: { clock: Clock; maxEntries?: number; maxAgeMs?: number }) {
  const maxEntries = options.maxEntries ?? 500;
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const entries = new Map<string, { version: string; at: number; totals: Promise<Totals> }>();

  return {
    get(key: string, version: string, compute: () => Promise<Totals>): Promise<Totals> {
      const now = options.clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.version === version && now - hit.at <= maxAgeMs) {
        // Re-inserting keeps the map in least-recently-used order for eviction.
        entries.delete(key);
        entries.set(key, hit);
        return hit.totals;
      }
      const totals = compute();
      entries.set(key, { version, at: now, totals });
      // A failed computation must not be served to the next request.
      totals.catch(() => {
        if (entries.get(key)?.totals === totals) entries.delete(key);
      });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return totals;
    },
    /** Called after this server changes the ledger (a posting, an approval decision). */
    invalidate() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

export type TotalsCache = ReturnType<typeof createTotalsCache>;
