import type { Logger } from '../http/logger';
import { listenOnChannel } from './notification-listener';

/** Notified by triggers in the transaction of every change report totals count (migration 0009). */
const CHANNEL = 'ledger_changed';

/**
 * Calls `onChange` whenever another server (or this one) commits a change to the ledger. A lost
 * connection counts as a change (one may have been missed), and so does the reconnection.
 */
export function listenForLedgerChanges(deps: { databaseUrl: string; logger: Logger; onChange: () => void }) {
  return listenOnChannel({
    databaseUrl: deps.databaseUrl,
    logger: deps.logger,
    channel: CHANNEL,
    onMessage: deps.onChange,
    onMissed: deps.onChange,
  });
}
