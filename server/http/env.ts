import type { Channel } from '../../contract/http';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Clock } from './clock';
import type { SessionUser } from '../lib/session-user';
import type { Logger } from './logger';
import type { ActivityRecorder } from './session-activity';
import type { CachedSession, SessionCache } from './session-cache';
import type { GroupIdTable } from '../../contract/groups';

export interface AppDeps {
  db: Db;
  exports: import('../resources/reports/exports').ExportRunner;
  /** Runs approved bulk batches in the background (resources/bulk/runner.ts). */
  bulk: import('../resources/bulk/runner').BulkRunner;
  /** Per app instance, so tests never share cached totals. */
  reportTotals: import('../resources/reports/totals-cache').TotalsCache;
  /** Per app instance: the sessions this server resolved (decision 062). */
  sessionCache: SessionCache;
  /** Per app instance: the session activity not yet written (decision 062). */
  sessionActivity: ActivityRecorder;
  config: Config;
  clock: Clock;
  logger: Logger;
  groupIds: GroupIdTable;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    deps: AppDeps;
    channel: Channel;
    user: SessionUser;
    /** The session and user as resolved (server/http/session.ts): what /auth/me and /auth/session answer from. */
    session: CachedSession;
  };
}
