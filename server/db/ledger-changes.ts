import pg from 'pg';
import type { Logger } from '../http/logger';

/** Notified by triggers in the transaction of every change report totals count (migration 0009). */
const CHANNEL = 'ledger_changed';
const RECONNECT_MS = 1_000;

/**
 * Calls `onChange` whenever another server (or this one) commits a change to the ledger, on a
 * connection of its own outside the pool (a pooled connection would stop listening when
 * returned). While the connection is down a change can be missed, so a lost connection counts as
 * a change, and so does the reconnection.
 */
export function listenForLedgerChanges(deps: { databaseUrl: string; logger: Logger; onChange: () => void }) {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const reconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  };

  async function connect() {
    const next = new pg.Client({ connectionString: deps.databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === CHANNEL) deps.onChange();
    });
    next.on('error', (error) => {
      deps.logger.error('ledger change listener lost its connection', { error: error.message });
      deps.onChange();
      reconnect();
    });
    next.on('end', () => {
      deps.onChange();
      reconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      client = next;
      deps.onChange();
    } catch (error) {
      deps.logger.error('ledger change listener could not connect', { error: String(error) });
      next.end().catch(() => undefined);
      reconnect();
    }
  }

  const ready = connect();
  return {
    ready,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
