/**
 * /migration's flow (find a wallet, say what changes, review, ask) and its history: the
 * generated paths of the real migration machine (migrationGraph, tests/paths/machines/
 * queues.ts), each run against the whole app in jsdom with its step table
 * (tests/paths/steps/migration.ts) over a small stateful fake server
 * (tests/unit/support/fake-migrations.ts). The plain tests beside the page
 * (src/features/migration/MigrationPage.test.tsx, migration.test.ts) keep the form's rules,
 * the body sent and the history's columns.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generatePaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { migrationGraph } from '../paths/machines/queues';
import { migrationSteps } from '../paths/steps/migration';
import { installFakeMigrations, MIGRATION_WALLET, TAKEN_PHONES } from './support/fake-migrations';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi } from './support/render-app';

const PATH_TIMEOUT_MS = 30_000;

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

describe('migration machine: generated paths in jsdom', () => {
  const generated = generatePaths(migrationGraph);

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, stepsForOnePath())).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, stepsForOnePath()));
  }
});
