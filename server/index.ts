import { serve } from '@hono/node-server';
import { groupIdTable } from '../contract/groups';
import { createApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { listenForLedgerChanges } from './db/ledger-changes';
import { listenForSessionChanges } from './db/session-changes';
import { ACTIVITY_WRITE_MS, createActivityRecorder } from './http/session-activity';
import { createSessionCache } from './http/session-cache';
import { DEMO_PASSWORD, DEMO_USERS } from './db/demo-users';
import { unusedDemoWithdrawalCodes } from './db/demo-withdrawal-codes';
import { seedIfEmpty } from './db/seed';
import { FIRST_ADMIN_HINT, seedProduction } from './db/seed-production';
import { systemClock } from './http/clock';
import { JOB_POLL_MS, releaseLeasesOfDeadServers } from './jobs/lease';
import { startMaintenance } from './jobs/maintenance';
import { createLogger } from './http/logger';
import { createMetrics, serveMetrics } from './http/metrics';
import { createBulkRunner } from './resources/bulk/runner';
import { createExportRunner } from './resources/reports/exports';
import { createTotalsCache } from './resources/reports/totals-cache';
import { userLoader } from './resources/reports/routes';
import { productionSecretProblems, productionSecretsMessage } from './production-secrets';
import { loadStaticAssets } from './static';

const started = performance.now();
const config = loadConfig();
const secretProblems = config.production ? productionSecretProblems(process.env) : [];
if (secretProblems.length) {
  process.stderr.write(`${productionSecretsMessage(secretProblems)}\n`);
  process.exit(1);
}
const logger = createLogger(config.logLevel);
const handle = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
await handle.migrate();
const groupIds = groupIdTable({ usePrimary: config.groupIdSet === 'primary' });
// Production starts empty (house accounts only); the demo fills an empty database.
const production = config.production ? await seedProduction(handle.db, systemClock.now()) : null;
const seeded = production
  ? false
  : await seedIfEmpty(handle.db, {
      seed: config.demo.seed,
      groupIds,
      size: config.demo.size,
    });
// Read before listening: the banner below is written synchronously.
const demoCodes = config.production ? [] : await unusedDemoWithdrawalCodes(handle.db, config.demo.seed);
const staticHandler = loadStaticAssets(config.staticDir);

const metrics = config.metricsPort === null ? null : createMetrics({ db: handle.db, pool: handle.pool });
const metricsServer =
  metrics && config.metricsPort !== null ? serveMetrics(metrics, config.metricsPort, config.host) : null;
const exports = createExportRunner({
  db: handle.db,
  clock: systemClock,
  logger,
  userFor: userLoader({ db: handle.db, groupIds }),
  onRows: (count) => metrics?.rows('export', count),
});
const reportTotals = createTotalsCache({ clock: systemClock });
// On PostgreSQL other servers may change the ledger: each change they commit clears this cache.
// PGlite has one server, whose own changes clear it directly.
const ledgerChanges = config.databaseUrl
  ? listenForLedgerChanges({ databaseUrl: config.databaseUrl, logger, onChange: () => reportTotals.invalidate() })
  : null;
await ledgerChanges?.ready;
const sessionCache = createSessionCache({ clock: systemClock });
const sessionActivity = createActivityRecorder({ db: handle.db, clock: systemClock });
// A session another server ends or changes is forgotten here as soon as its notification arrives
// (this server's own changes are forgotten as it answers them): decision 062.
const sessionChanges = listenForSessionChanges(handle, {
  logger,
  onChange: (userId) => sessionCache.forgetUser(userId),
  onMissed: () => sessionCache.forgetAll(),
});
await sessionChanges.ready;
const activitySweep = setInterval(() => {
  sessionActivity.writeDue().catch((error) => logger.error('session activity not written', { error: String(error) }));
}, ACTIVITY_WRITE_MS);
activitySweep.unref();
const bulk = createBulkRunner({
  db: handle.db,
  clock: systemClock,
  logger,
  settings: config.transfers,
  onLedgerChange: () => reportTotals.invalidate(),
  onRows: (count) => metrics?.rows('bulk', count),
});
const app = createApp({
  db: handle.db,
  config,
  clock: systemClock,
  logger,
  groupIds,
  engine: handle.engine,
  staticHandler,
  exports,
  reportTotals,
  bulk,
  sessionCache,
  sessionActivity,
  ...(metrics ? { metrics } : {}),
});
// Exports and bulk batches are claimed by any server on the database: those waiting, and those
// a stopped server released or a dead one left behind once its lease lapses. A bulk batch carries
// on from its first row not yet applied; an export starts again.
// PGlite opens its data directory in one process only: any lease in it is a dead server's.
if (handle.engine === 'pglite') await releaseLeasesOfDeadServers(handle.db);
exports.start(JOB_POLL_MS);
bulk.start(JOB_POLL_MS);
const maintenance = startMaintenance({
  db: handle.db,
  clock: systemClock,
  logger,
  exportRetentionMs: config.exportRetentionMs,
  reportTotals,
  config,
});
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const url = `http://localhost:${info.port}`;
  const lines = [
    '',
    `  Wallet back-office is running at ${url}`,
    `  API reference: ${url}/rest/docs`,
    `  Database: ${handle.engine} (${handle.location})${seeded ? ', demo data created' : ''}${production?.created ? ', empty production system created' : ''}`,
    staticHandler ? '' : '  (no built dashboard found: run `npm run build` to serve it)',
  ];
  if (config.demo.passwordAllowed) {
    lines.push(`  Demo logins (password "${DEMO_PASSWORD}" for all):`);
    const names = DEMO_USERS.map((u) => u.username);
    for (let i = 0; i < names.length; i += 6) lines.push(`    ${names.slice(i, i + 6).join(', ')}`);
  }
  if (production?.userCount === 0) lines.push(...FIRST_ADMIN_HINT);
  if (demoCodes.length) {
    lines.push('  Demo withdrawal codes for cash-out (customer phone, account, code):');
    for (const c of demoCodes.slice(0, 5)) {
      lines.push(
        `    ${c.phone ?? '(no phone)'}  ${c.account}  ${c.code}${c.usable ? '' : '  (wallet not active or KYC pending)'}`,
      );
    }
    if (demoCodes.length > 5) lines.push(`    … ${demoCodes.length - 5} more in server/db/demo-withdrawal-codes.ts`);
  }
  lines.push(`  Ready in ${Math.round(performance.now() - started)} ms. Press Ctrl-C to stop.`, '');
  process.stdout.write(lines.join('\n'));
  process.stdout.write('\n');
});

let stopping = false;
/** Requests still running when this is up are cut off: a load balancer gives up long before. */
const DRAIN_MS = 10_000;

/** Stops taking requests and lets those under way end, within DRAIN_MS. */
function drainRequests(): Promise<void> {
  return new Promise((resolve) => {
    const forced = setTimeout(() => {
      (server as import('node:http').Server).closeAllConnections();
    }, DRAIN_MS);
    forced.unref();
    server.close(() => {
      clearTimeout(forced);
      resolve();
    });
    // Kept-alive connections with no request under way would hold close() open.
    (server as import('node:http').Server).closeIdleConnections();
  });
}

/**
 * SIGTERM (a deploy, a scale-down) or SIGINT: no new requests and no new jobs; the export or
 * bulk chunk under way ends its step and its lease is released, so another server takes the job
 * over at once instead of after the lease lapses; then the database closes.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n  ${signal}: finishing requests and background work, then closing the database...\n`);
  try {
    await Promise.all([
      drainRequests(),
      bulk.stop(),
      exports.stop(),
      maintenance.stop(),
      ledgerChanges?.close(),
      sessionChanges.close(),
      new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined))),
    ]);
    clearInterval(activitySweep);
    await sessionActivity.writeAll();
    await handle.close();
    process.stdout.write('  Stopped cleanly.\n');
    process.exit(0);
  } catch (error) {
    logger.error('shutdown failed', { error: String(error) });
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
