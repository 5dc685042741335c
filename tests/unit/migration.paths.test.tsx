/**
 * /migration's flow (find a wallet, say what changes, review, ask) and its history: the
 * generated paths of the real migration machine (migrationGraph, tests/paths/machines/
 * queues.ts), each run against the whole app in jsdom with its step table
 * (tests/paths/steps/migration.ts) over a small stateful fake server
 * (tests/unit/support/fake-migrations.ts). The plain tests beside the page
 * (src/features/migration/MigrationPage.test.tsx, migration.test.ts) keep the form's rules,
 * the body sent and the history's columns.
 */
import { afterEach, beforeAll } from 'vitest';
import { migrationGraph } from '../paths/machines/queues';
import { migrationSteps } from '../paths/steps/migration';
import { installFakeMigrations, MIGRATION_WALLET, TAKEN_PHONES } from './support/fake-migrations';
import { describePaths } from './support/describe-paths';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

let driver: JsdomDriver | undefined;
beforeAll(async () => {
  await import('../../src/features/migration/MigrationPage');
}, 60_000);
afterEach(() => {
  driver?.close();
  driver = undefined;
});

function stepsForOnePath() {
  const api = createFakeApi();
  const migrations = installFakeMigrations(api, { onTheWallet: true });
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return migrationSteps(own, {
    user: 'admin',
    wallet: MIGRATION_WALLET.number,
    other: 'CUS-000111',
    freePhone: '78 200 00 03',
    takenPhone: { phone: TAKEN_PHONES[0] as string, message: 'Another account uses this phone number.' },
    hold: (kind) => migrations.hold(kind),
    requested: () => api.callsTo('wallet-migrations', 'POST').length,
  });
}

describePaths('migration machine: generated paths in jsdom', migrationGraph, stepsForOnePath);
