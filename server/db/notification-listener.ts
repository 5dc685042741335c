import pg from 'pg';
import type { Logger } from '../http/logger';

const RECONNECT_MS = 1_000;

/**
 * Calls `onMessage` with the payload of each notification on `channel` that any server (this one
 * included) commits, on a connection of its own outside the pool (a pooled connection would stop
 * listening when returned). While the connection is down a notification can be missed, so a lost
 * connection calls `onMissed`, and so does the reconnection.
 */
export function listenOnChannel(deps: {
  databaseUrl: string;
  logger: Logger;
  channel: string;
  onMessage: (payload: string) => void;
  onMissed: () => void;
}) {
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
      if (message.channel === deps.channel) deps.onMessage(message.payload ?? '');
    });
    next.on('error', (error) => {
      deps.logger.error(`${deps.channel} listener lost its connection`, { error: error.message });
      deps.onMissed();
      reconnect();
    });
    next.on('end', () => {
      deps.onMissed();
      reconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${deps.channel}`);
      client = next;
      deps.onMissed();
    } catch (error) {
      deps.logger.error(`${deps.channel} listener could not connect`, { error: String(error) });
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
