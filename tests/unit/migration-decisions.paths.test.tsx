/**
 * /migration's wallet changes waiting for a decision: the generated paths of the real decision
 * machine (migrationDecisionsGraph, tests/paths/machines/queues.ts), each run against the whole
 * app in jsdom with its step table (tests/paths/steps/migration-decisions.ts) over a small
 * stateful fake server (tests/unit/support/fake-migrations.ts). The plain tests beside the page
 * (src/features/migration/MigrationDecisions.test.tsx) keep the cards' contents and the
 * refusals' words; Cancel after a refusal sends two events (it reloads the list too), so it is a
 * plain test here.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generatePaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { migrationDecisionsGraph } from '../paths/machines/queues';
import { migrationDecisionsSteps } from '../paths/steps/migration-decisions';
import { en, said } from '../messages';
import { installFakeMigrations, MIGRATION_WALLET } from './support/fake-migrations';
import { createJsdomDriver, type JsdomDriver, withSelectOption } from './support/jsdom-driver';
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
  const migrations = installFakeMigrations(api, { pending: 13 });
  const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
  driver = own;
  return migrationDecisionsSteps(withSelectOption(own), {
    checker: 'admin',
    listed: (page, pageSize) => migrations.decidable(page, pageSize),
    holdList: () => migrations.hold('pending'),
    wallet: { number: MIGRATION_WALLET.number, newPhone: '78 200 00 03' },
    decisionsSent: () => api.calls.filter((c) => /^wallet-migrations\/\d+\/decision$/.test(c.path)).length,
  });
}

describe('migrationDecisions machine: generated paths in jsdom', () => {
  const generated = generatePaths(migrationDecisionsGraph);

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, stepsForOnePath())).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, stepsForOnePath()));
  }
});

describe('/migration: Cancel after a refused decision', () => {
  const D = en.migration.decisions;

  it('closes the dialog and reads the list again, without the request decided elsewhere', {
    timeout: PATH_TIMEOUT_MS,
  }, async () => {
    const api = createFakeApi();
    const migrations = installFakeMigrations(api, { pending: 2 });
    const own = createJsdomDriver(api, { userEventOptions: { delay: null } });
    driver = own;
    const [decided] = migrations.all;
    if (!decided) throw new Error('The fake server lists no request');
    const approve = { role: 'button', name: said(D.approveNamed, { number: decided.number }) };
    await own.open('admin', '/migration');
    await own.click(approve);
    // Another checker decides it meanwhile: the server refuses this decision.
    decided.status = 'applied';
    await own.click({ role: 'button', name: D.confirmApprove, in: { role: 'dialog' } });
    await own.expectText({ role: 'alert', in: { role: 'dialog' } }, D.errors.MIGRATION_ALREADY_DECIDED);
    const loads = () =>
      api.callsTo('wallet-migrations', 'GET').filter((c) => c.query.get('status') === 'pending').length;
    const before = loads();

    await own.click({ role: 'button', name: D.cancel, in: { role: 'dialog' } });
    await own.expectAbsent({ role: 'dialog' });
    await own.expectAbsent(approve);
    expect(loads()).toBe(before + 1);
  });
});
