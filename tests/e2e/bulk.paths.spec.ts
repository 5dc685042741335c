/**
 * One bulk payment from file to result (/bulk-payment, as the admin): the generated paths of the
 * real bulk machine (tests/paths/machines/bulk.ts) in real Chromium against the real server, with
 * the step table the jsdom run uses (tests/paths/steps/bulk.ts).
 *
 * The parsing runs in the page's real worker; an init script holds its answer until the step
 * table lets it go. The admin pays from the two demo employers no other file pays from. Each path
 * meets a batch of its own that waits in the list: an agent's (Pape Sy, from its till), which the
 * admin may decide. The network supervisor is the checker who decides the admin's batches (and
 * the agent's, when the path says someone else did) through the API.
 *
 * `page.route` answers only what the real server cannot give on demand:
 * - a batch while it runs: the runner cannot be held, so a batch the path wants queued or
 *   processing is shown as the server answers it with that status (and its progress so far);
 * - the answers the step table gives itself (tests/paths/steps/bulk.ts says which): a check that
 *   finds an unknown wallet, a submission refused because rows went bad, a batch not found, a
 *   refused decision, a decision answered after another checker's, and requests with no answer.
 */
import { expect, type Page, test } from '@playwright/test';
import type { BatchStatus, BulkRow } from '../../contract/bulk';
import type { BulkBatchView } from '../../contract/api/bulk';
import type { KycListPage } from '../../contract/api/kyc';
import type { Target } from '../paths/driver';
import { generateCoveringPaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { asTestSteps } from './support/path-steps';
import { bulkGraph } from '../paths/machines/bulk';
import { type BulkDriver, type BulkWorld, bulkSteps } from '../paths/steps/bulk';
import { type ApiSession, apiSession } from './support/api-session';
import { createPlaywrightDriver, type PlaywrightDriver } from './support/playwright-driver';

test.describe.configure({ mode: 'parallel', timeout: 90_000 });

const USER = 'admin';
const CHECKER = { username: 'network-supervisor', name: 'Abdoulaye Kane' };
/** The agent whose batch waits in the admin's list. */
const SEEDER = '221771234567';
const PAYERS = ['PRT-PAYROLL_SAHEL', 'PRT-PAYROLL_TERANGA'] as const;
const BATCH_PATH = /^\/rest\/bulk-batches\/([^/]+)$/;

/** Parse answers wait here until released: the page's real worker, its message held. */
function holdParseAnswers() {
  const w = window as unknown as { heldParses: (() => void)[]; Worker: typeof Worker };
  w.heldParses = [];
  const RealWorker = window.Worker;
  w.Worker = class HeldWorker extends RealWorker {
    override set onmessage(handler: ((event: MessageEvent) => void) | null) {
      super.onmessage = handler
        ? (event: MessageEvent) => {
            w.heldParses.push(() => handler.call(this, event));
          }
        : null;
    }
    override get onmessage() {
      return super.onmessage;
    }
  };
}

/** Active customers with KYC done that no other file pays or changes: the rows' wallets. */
async function payableWallets(api: ApiSession) {
  const page = await api.get<KycListPage>('kyc/customers', { kycStatus: 'approved', pageSize: 200 });
  const wallets = page.rows
    .filter((r) => r.status === 'active' && r.phone && Number(r.number.slice(4)) > 100)
    .map((r) => ({ phone: (r.phone ?? '').replaceAll(' ', ''), name: r.name }))
    .slice(-3);
  if (wallets.length < 3) throw new Error('The demo has too few payable customers');
  return wallets;
}

let checker: ApiSession;
let seeder: ApiSession;
let wallets: { phone: string; name: string }[];

test.beforeAll(async ({ playwright }) => {
  checker = await apiSession(playwright, CHECKER.username);
  seeder = await apiSession(playwright, SEEDER);
  wallets = await payableWallets(checker);
});
test.afterAll(async () => {
  await checker?.dispose();
  await seeder?.dispose();
});

/** An agent's batch of two rows, waiting for an admin: each path's own, by its file name. */
async function seedBatch(tag: string) {
  const fileName = `paie-octobre-${tag}.csv`;
  const rows: BulkRow[] = wallets.slice(1).map((w, i) => ({
    rowNo: i + 2,
    values: { phone: w.phone, amount: String(5_000 + i * 1_000), reference: `OCT-${tag}-${i}`, name: w.name },
  }));
  const { batch } = await seeder.post<{ batch: BulkBatchView }>('bulk/payment/batches', { fileName, rows });
  expect(batch.status).toBe('awaiting_approval');
  return { id: batch.id, fileName };
}

type Shown = Pick<BulkBatchView, 'status' | 'rowsDone' | 'rowsFailed' | 'finishedAt'>;

async function stepsFor(page: Page, tag: string) {
  const seeded = await seedBatch(tag);
  /** Batches shown with the status the path wants while the runner has in fact moved on. */
  const shown = new Map<string, Shown>();
  const asShown = (view: BulkBatchView): BulkBatchView => ({ ...view, ...shown.get(view.id) });

  // Registered before the driver, so a request the driver holds and lets go comes here next.
  await page.route(
    (url) => BATCH_PATH.test(url.pathname),
    async (route) => {
      const id = BATCH_PATH.exec(new URL(route.request().url()).pathname)?.[1] ?? '';
      if (route.request().method() !== 'GET' || !shown.has(id)) return route.fallback();
      const response = await route.fetch();
      const body = (await response.json()) as { status: boolean; payload?: BulkBatchView };
      if (!body.payload) return route.fulfill({ response });
      await route.fulfill({ response, json: { ...body, payload: asShown(body.payload) } });
    },
  );
  await page.addInitScript(holdParseAnswers);
  const driver = await createPlaywrightDriver(page);
  const bulk: BulkDriver = Object.assign(Object.create(driver) as PlaywrightDriver, {
    selectOption: (target: Target, value: string) =>
      driver
        .locate(target)
        .selectOption(value)
        .then(() => undefined),
    upload: (target: Target, file: { name: string; mimeType: string; buffer: Uint8Array }) =>
      driver.locate(target).setInputFiles({ ...file, buffer: Buffer.from(file.buffer) }),
    count: (target: Target) => driver.locate(target).count(),
    async expectUrl(pattern: RegExp, has = true) {
      await expect
        .poll(() => {
          const url = new URL(page.url());
          return pattern.test(`${url.pathname}${url.search}`);
        })
        .toBe(has);
    },
  });

  const world: BulkWorld = {
    user: USER,
    checker: CHECKER.name,
    payers: PAYERS,
    wallets: wallets.slice(0, 2),
    fileTag: `-${tag}`,
    seeded: () => seeded,
    holdParse() {
      const reached = page
        .waitForFunction(() => (window as unknown as { heldParses: unknown[] }).heldParses.length > 0)
        .then(() => undefined);
      return {
        reached,
        async release() {
          await reached;
          await page.evaluate(() => (window as unknown as { heldParses: (() => void)[] }).heldParses.shift()?.());
        },
      };
    },
    // The submission is the POST; the list, read again as the page moves on, a GET to the same address.
    holdSubmission: () => driver.hold('bulk/payment/batches', 'POST'),
    async ownBatch() {
      const id = () => new URL(page.url()).searchParams.get('batch') ?? '';
      await expect.poll(id).not.toBe('');
      return id();
    },
    async move(id: string, status: BatchStatus, _checker: string, reason: string) {
      if (status === 'awaiting_approval') return;
      const now = await checker.get<BulkBatchView>(`bulk-batches/${id}`);
      if (now.status === 'awaiting_approval') {
        await checker.post(
          `bulk-batches/${id}/decision`,
          status === 'rejected' ? { decision: 'reject', reason } : { decision: 'approve' },
        );
      }
      if (status === 'rejected' || status === 'done') {
        shown.delete(id);
        if (status === 'done') {
          const real = async () => (await checker.get<BulkBatchView>(`bulk-batches/${id}`)).status;
          await expect.poll(real, { timeout: 30_000 }).toBe('done');
        }
        return;
      }
      // Queued or processing: shown running, one more row paid at each move (never the last).
      const before = shown.get(id);
      shown.set(id, {
        status,
        rowsDone: Math.min(before ? before.rowsDone + 1 : 0, now.rowsTotal - 1),
        rowsFailed: 0,
        finishedAt: null,
      });
    },
    view: async (id: string) => asShown(await checker.get<BulkBatchView>(`bulk-batches/${id}`)),
    async poll() {
      // A poll the page starts from now on: one already on its way may have left before the move.
      const request = await page.waitForRequest(
        (r) => r.method() === 'GET' && BATCH_PATH.test(new URL(r.url()).pathname),
        { timeout: 10_000 },
      );
      await request.response();
    },
  };
  return { steps: bulkSteps(bulk, world), driver };
}

test.describe('bulk machine: generated paths in Chromium', () => {
  const generated = generateCoveringPaths(bulkGraph);

  test('drives every transition and state of the machine', async ({ page }) => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    const { steps, driver } = await stepsFor(page, 'cover');
    expect(incompleteSteps(generated, steps)).toEqual({ states: [], events: [] });
    await driver.close();
  });

  generated.paths.forEach((path, index) => {
    test(path.text, async ({ page }, info) => {
      const { steps, driver } = await stepsFor(page, `p${index}r${info.retry}`);
      try {
        await runPath(path, steps, asTestSteps);
      } finally {
        await driver.close();
      }
    });
  });
});
