/**
 * The maker-checker page's transfer requests (/authorize-transactions?view=transfers): the
 * generated paths of the real authorize machine (tests/paths/machines/approvals.ts) in real
 * Chromium against the real server, with the shared step table (tests/paths/steps/approvals.ts).
 * The demo data has no request waiting: the admin (the maker) makes enough small cash-ins
 * first for every path's approvals and a second page to remain; the network supervisor decides.
 */
import { expect, type Page, test } from '@playwright/test';
import type { ApprovalView } from '../../contract/api/approvals';
import type { Target } from '../paths/driver';
import { generateCoveringPaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { asTestSteps } from './support/path-steps';
import { approvalsGraph } from '../paths/machines/approvals';
import { approvalsSteps } from '../paths/steps/approvals';
import { type ApiSession, apiSession } from './support/api-session';
import { createPlaywrightDriver, type PlaywrightDriver } from './support/playwright-driver';

// One worker walks every path: the requests are shared, and each approval uses one up.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

const CHECKER = 'network-supervisor';
const PAGE_SIZE = 25;
const generated = generateCoveringPaths(approvalsGraph);
const approvals = generated.paths.flatMap((p) => p.steps).filter((s) => s.name === 'decideRows.done').length;

let checker: ApiSession;
let ownId = 0;
let driver: PlaywrightDriver | undefined;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  checker = await apiSession(playwright, CHECKER);
  const maker = await apiSession(playwright, 'admin');
  // Enough for every approval, with more than a page still waiting at the end.
  for (let i = 0; i < approvals + PAGE_SIZE + 2; i += 1) {
    await maker.post('transfers/admin-cash-in', { counterparty: 'CUS-000013', amount: 1_000 + i, source: 'BBG' });
  }
  await maker.dispose();
  // The checker's own request, the newest: listed to them, not theirs to decide.
  const own = await checker.post<{ approvalId: number }>('transfers/admin-cash-in', {
    counterparty: 'CUS-000013',
    amount: 999,
    source: 'BBG',
  });
  ownId = own.approvalId;
});
test.afterAll(async () => {
  await checker?.dispose();
});
test.afterEach(async () => {
  await driver?.close();
  driver = undefined;
});

/** The driver over `page`, with a choice in a drop-down list as Playwright makes it. */
async function stepsFor(page: Page) {
  let decisions = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/rest\/approvals\/\d+\/approve$/.test(new URL(request.url()).pathname)) {
      decisions += 1;
    }
  });
  driver = await createPlaywrightDriver(page);
  const selecting = Object.assign(Object.create(driver) as PlaywrightDriver, {
    async selectOption(target: Target, option: string) {
      if (!('label' in target)) throw new Error('A drop-down list is found by its label');
      await page.getByRole('main').getByLabel(target.label, { exact: true }).selectOption({ label: option });
    },
  });
  return approvalsSteps(selecting, {
    checker: CHECKER,
    async listed() {
      const first = await checker.get<{ rows: ApprovalView[] }>('approvals', {
        status: 'pending',
        page: 1,
        pageSize: PAGE_SIZE,
      });
      return first.rows.filter((r) => r.canDecide);
    },
    async ownRequest() {
      const first = await checker.get<{ rows: ApprovalView[] }>('approvals', {
        status: 'pending',
        page: 1,
        pageSize: PAGE_SIZE,
      });
      const own = first.rows.find((r) => r.id === ownId && !r.canDecide);
      if (!own) throw new Error(`The checker's own request ${ownId} is not on the first page`);
      return own;
    },
    decisionsSent: async () => decisions,
  });
}

test.describe('approvals machine: generated paths in Chromium', () => {
  test('drives every transition and state of the machine', async ({ page }) => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, await stepsFor(page))).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    test(path.text, async ({ page }) => runPath(path, await stepsFor(page), asTestSteps));
  }
});
