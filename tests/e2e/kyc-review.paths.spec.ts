/**
 * The review of one KYC account (/customers?account=…): the generated paths of the real review
 * machine (tests/paths/machines/features.ts) in real Chromium against the real server, with the
 * shared step table (tests/paths/steps/kyc-review.ts). Each path opens a pending customer of
 * the demo data that the KYC administrator may approve and no earlier path used; the newest
 * first, so as not to meet the KYC file (kyc.spec.ts), which takes the oldest.
 */
import { expect, type Page, test } from '@playwright/test';
import type { KycAccountDetail, KycListRow } from '../../contract/api/kyc';
import { en } from '../messages';
import { generateCoveringPaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { asTestSteps } from './support/path-steps';
import { kycReviewGraph } from '../paths/machines/features';
import { kycReviewSteps } from '../paths/steps/kyc-review';
import { type ApiSession, apiSession } from './support/api-session';
import { createPlaywrightDriver, type PlaywrightDriver } from './support/playwright-driver';

// One worker walks every path: each takes an account no earlier one used.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

const REVIEWER = 'kyc-admin';
const used = new Set<string>();
/** Another session of the reviewer's, as another tab would have: it finds accounts and decides elsewhere. */
let api: ApiSession;
let driver: PlaywrightDriver | undefined;

test.beforeAll(async ({ playwright }) => {
  api = await apiSession(playwright, REVIEWER);
});
test.afterAll(async () => {
  await api?.dispose();
});
test.afterEach(async () => {
  await driver?.close();
  driver = undefined;
});

/**
 * Accounts the demo data made, not those other files register while this one runs: a fresh
 * registration is still receiving its documents, so whether it may be approved can change under
 * a path (one missing a document becomes approvable a moment later).
 */
const MADE_BY_THIS_RUN_AFTER = Date.now() - 2 * 60 * 60 * 1000;

/** The pending customers of the demo data, newest first. */
async function* pendingRows() {
  for (let page = 1; page <= 5; page += 1) {
    const list = await api.get<{ rows: KycListRow[] }>('kyc/customers', {
      kycStatus: 'pending',
      sort: 'createdAt',
      dir: 'desc',
      page,
      pageSize: 50,
    });
    for (const row of list.rows) if (Date.parse(row.createdAt) < MADE_BY_THIS_RUN_AFTER) yield row;
    if (list.rows.length < 50) return;
  }
}

async function pendingAccount() {
  for await (const row of pendingRows()) {
    if (used.has(row.number)) continue;
    const detail = await api.get<KycAccountDetail>(`kyc/accounts/${row.number}`);
    if (!detail.permissions.canApprove) continue;
    used.add(row.number);
    return { number: detail.account.number, name: detail.account.label };
  }
  throw new Error(`No pending customer left that ${REVIEWER} may approve`);
}

/** A pending customer the reviewer may decide but not approve (a document missing, or registered by them). */
async function unapprovableAccount() {
  for await (const row of pendingRows()) {
    const detail = await api.get<KycAccountDetail>(`kyc/accounts/${row.number}`);
    if (!detail.permissions.canDecide || detail.permissions.canApprove) continue;
    // The bar names the missing documents; the words before them are enough to know why.
    const whyNot = detail.missingDocuments.length
      ? (en.kyc.detail.approveNeedsDocuments.split('{{')[0] ?? '')
      : en.kyc.detail.approveNotYours;
    return { number: detail.account.number, name: detail.account.label, whyNot };
  }
  throw new Error(`No pending customer that ${REVIEWER} may decide but not approve`);
}

/** The driver over `page` and the world around it: decisions counted as the page sends them. */
async function stepsFor(page: Page) {
  const sent = new Map<string, number>();
  page.on('request', (request) => {
    const match = /\/rest\/kyc\/accounts\/([^/]+)\/decision$/.exec(new URL(request.url()).pathname);
    if (match?.[1] && request.method() === 'POST') sent.set(match[1], (sent.get(match[1]) ?? 0) + 1);
  });
  driver = await createPlaywrightDriver(page);
  return kycReviewSteps(driver, {
    reviewer: REVIEWER,
    pendingAccount,
    unapprovableAccount,
    async approveElsewhere(number) {
      await api.post(`kyc/accounts/${number}/decision`, { decision: 'approve' });
    },
    decisionsSent: async (number) => sent.get(number) ?? 0,
  });
}

test.describe('KYC review machine: generated paths in Chromium', () => {
  const generated = generateCoveringPaths(kycReviewGraph);

  test('drives every transition and state of the machine', async ({ page }) => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, await stepsFor(page))).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    test(path.text, async ({ page }) => runPath(path, await stepsFor(page), asTestSteps));
  }
});
