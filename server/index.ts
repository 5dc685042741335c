import { serve } from '@hono/node-server';
import { groupIdTable } from '../contract/groups';
import { createApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { DEMO_PASSWORD, DEMO_USERS } from './db/demo-users';
import { unusedDemoWithdrawalCodes } from './db/demo-withdrawal-codes';
import { seedIfEmpty } from './db/seed';
import { FIRST_ADMIN_HINT, seedProduction } from './db/seed-production';
import { systemClock } from './http/clock';
import { createLogger } from './http/logger';
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
const groupIds = groupIdTable({ usePrimary: process.env.GROUP_IDS_PRIMARY !== 'false' });
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

const exports = createExportRunner({ db: handle.db, clock: systemClock, logger, dir: config.exportDir });
const reportTotals = createTotalsCache({ clock: systemClock });
const bulk = createBulkRunner({
  db: handle.db,
  clock: systemClock,
  logger,
  settings: config.transfers,
  onLedgerChange: () => reportTotals.invalidate(),
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
});
// Exports a previous run left unfinished start again.
await exports.resume(userLoader({ db: handle.db, groupIds }));
// Bulk batches a stop interrupted carry on from their first row not yet applied.
await bulk.resume();
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
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n  ${signal}: closing connections and the database...\n`);
  server.close();
  try {
    // The chunk under way commits or rolls back whole; the rest waits for the next start.
    bulk.stop();
    await bulk.idle();
    await handle.close();
    process.stdout.write('  Stopped cleanly.\n');
    process.exit(0);
  } catch (error) {
    logger.error('database close failed', { error: String(error) });
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
