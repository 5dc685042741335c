/**
 * One money movement (an agent's cash-out): the generated paths of the real transfer-flow
 * machine (tests/paths/machines/features.ts) in real Chromium against the real server, with the
 * step table the jsdom run uses (tests/paths/steps/transfer-flow.ts). The options, the quote,
 * the code check and the submission are the real server's; `page.route` answers only what the
 * demo data cannot give on demand: a server error on the options, a refusal after a right code,
 * a request that gets no answer, and an accepted cash-out once no unspent demo code is left.
 *
 * Withdrawal codes are spent once and shared with the other files: a path that pays out takes
 * its own customer's code among those no other file spends (CUS-000003, CUS-000018); every other
 * path uses CUS-000013, whose code no file spends (a wrong code only counts toward its limit).
 */
import { expect, type Page, type PlaywrightWorkerArgs, test } from '@playwright/test';
import { HEADER, XSRF_COOKIE } from '../../contract/http';
import type { TransferQuote } from '../../contract/api/transfers';
import { DEMO_WITHDRAWAL_CODES } from '../../server/db/demo-withdrawal-codes';
import { formatXof } from '../../src/i18n/format';
import type { HeldAnswer } from '../paths/driver';
import {
  type GeneratedPath,
  generateCoveringPaths,
  incompleteSteps,
  missingCoverage,
  runPath,
} from '../paths/graph-adapter';
import { asTestSteps } from './support/path-steps';
import { transferFlowGraph } from '../paths/machines/features';
import {
  type SentRequest,
  TRANSFER_REQUESTS,
  type TransferEnv,
  type TransferForm,
  transferFlowSteps,
} from '../paths/steps/transfer-flow';
import { createPlaywrightDriver } from './support/playwright-driver';
import { openApi, passwordSession } from './support/two-factor';

test.describe.configure({ mode: 'parallel', timeout: 90_000 });

const PAYING = ['CUS-000003', 'CUS-000018'];
const REVIEWING = 'CUS-000013';
const AMOUNT = 25_000;
const NOTE = 'Guichet Plateau';
const xof = (n: number) => formatXof(n, 'en').replace(/\s+/g, ' ');

function demoCode(account: string) {
  const entry = DEMO_WITHDRAWAL_CODES.find((c) => c.account === account && c.usable);
  if (!entry) throw new Error(`No usable demo withdrawal code for ${account}`);
  return entry;
}

/**
 * What the real server quotes a customer: the facts the review and the receipt show. Asked by the
 * test that needs it, just before it pays: each worker of this file has its own cache, and a
 * customer whose code another worker spent can no longer be quoted.
 */
const quotes = new Map<string, TransferQuote>();

async function quoteFor(playwright: PlaywrightWorkerArgs['playwright'], account: string): Promise<TransferQuote> {
  const known = quotes.get(account);
  if (known) return known;
  const api = await openApi(playwright);
  try {
    const token = await passwordSession(api, 'agent');
    const xsrf = (await api.storageState()).cookies.find((c) => c.name === XSRF_COOKIE)?.value ?? '';
    const { phone, code } = demoCode(account);
    const response = await api.post(`/rest/${TRANSFER_REQUESTS.quote}`, {
      data: { counterparty: phone.replaceAll(' ', ''), amount: AMOUNT, withdrawalCode: code, note: NOTE },
      headers: { [HEADER.xsrf]: xsrf, [HEADER.sessionToken]: token },
    });
    expect(response.status(), await response.text()).toBe(200);
    const quote = ((await response.json()) as { payload: TransferQuote }).payload;
    quotes.set(account, quote);
    return quote;
  } finally {
    await api.dispose();
  }
}

/** Every request the page sends below /rest/, as the server receives it. */
function recordRequests(page: Page) {
  const sent = new Map<string, SentRequest[]>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/rest/') || request.method() !== 'POST') return;
    const path = pathname.slice('/rest/'.length);
    const list = sent.get(path) ?? [];
    list.push({ key: request.headers()[HEADER.idempotencyKey.toLowerCase()] ?? null, body: request.postDataJSON() });
    sent.set(path, list);
  });
  return sent;
}

const acceptedPaths = (paths: readonly GeneratedPath[]) =>
  paths.filter((p) => p.steps.some((s) => s.name === 'submitTransfer.done'));

/** The customer a path serves: its own payer if it pays out, the reviewing customer otherwise. */
function accountFor(path: GeneratedPath, paying: readonly GeneratedPath[]): string {
  const payer = paying.indexOf(path);
  return payer >= 0 ? (PAYING[payer] ?? REVIEWING) : REVIEWING;
}

/** The customer, the code typed and the answers for one path, from what the path will meet. */
function envFor(page: Page, path: GeneratedPath, paying: readonly GeneratedPath[], quote: TransferQuote): TransferEnv {
  const payer = paying.indexOf(path);
  const customer = demoCode(accountFor(path, paying));
  const wrongCode = path.steps.some((s) => s.label === 'wrong code');
  const code = wrongCode ? (customer.code === '000000' ? '111111' : '000000') : customer.code;
  const valid: TransferForm = {
    counterparty: customer.phone,
    amount: String(AMOUNT),
    withdrawalCode: code,
    note: NOTE,
  };
  const sent = recordRequests(page);
  const money = [`Amount (XOF)${xof(quote.amount)}`, `Fee${xof(quote.fee)}`, `Total debited${xof(quote.total)}`];
  const parties = [
    `From${quote.source.name}`,
    quote.source.number,
    'ToAgent Khady Ndiaye tillOperated by: Moussa Diop',
  ];
  return {
    valid,
    unknown: { ...valid, counterparty: '+221 70 000 00 00' },
    request: { counterparty: customer.phone.replaceAll(' ', ''), amount: AMOUNT, withdrawalCode: code, note: NOTE },
    unknownMessage: 'No customer, agent or merchant wallet matches +221700000000.',
    reviewFacts: [...parties, ...money, `Note${NOTE}`],
    receiptFacts: [
      'TransferCash Out',
      `Paid by${quote.source.name}`,
      quote.source.number,
      'Received byAgent Khady Ndiaye tillOperated by: Moussa Diop',
      `Amount received${xof(quote.amount)}`,
      `Fee${xof(quote.fee)}`,
      `Total paid${xof(quote.total)}`,
      `Note${NOTE}`,
      'Served byMoussa Diop',
    ],
    sent: async (p) => sent.get(p) ?? [],
    prints: () => page.evaluate(() => (window as unknown as { printed: number }).printed),
    answer(outcome): HeldAnswer | undefined {
      // No unspent demo code is left for this payout: the server's answer, as it gives it.
      if (outcome !== 'submitTransfer.done(accepted)' || PAYING[payer]) return undefined;
      const payload = {
        ...quote,
        status: 'success',
        reference: 'TR20250304090500',
        approvalId: null,
        createdAt: new Date().toISOString(),
        initiator: 'Moussa Diop',
        channel: 'dashboard',
        note: NOTE,
      };
      return { status: 201, body: { status: true, payload } };
    },
  };
}

test.describe('transfer-flow machine (agent cash-out): generated paths in Chromium', () => {
  const generated = generateCoveringPaths(transferFlowGraph);
  const paying = acceptedPaths(generated.paths);

  test('drives every transition and state of the machine', async ({ page, playwright }) => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    const [first] = generated.paths;
    if (!first) throw new Error('No path');
    const quote = await quoteFor(playwright, accountFor(first, paying));
    const steps = transferFlowSteps(await createPlaywrightDriver(page), envFor(page, first, paying, quote));
    expect(incompleteSteps(generated, steps)).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    test(path.text, async ({ page, playwright }) => {
      const quote = await quoteFor(playwright, accountFor(path, paying));
      await page.addInitScript(() => {
        const w = window as unknown as { printed: number };
        w.printed = 0;
        window.print = () => {
          w.printed++;
        };
      });
      const driver = await createPlaywrightDriver(page);
      try {
        await runPath(path, transferFlowSteps(driver, envFor(page, path, paying, quote)), asTestSteps);
      } finally {
        await driver.close();
      }
    });
  }
});
