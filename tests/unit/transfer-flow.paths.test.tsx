/**
 * One money movement (an agent's cash-out): the generated paths of the real transfer-flow
 * machine (tests/paths/machines/features.ts), each run against the whole app in jsdom with the
 * step table the Chromium run uses (tests/paths/steps/transfer-flow.ts). The fake API answers
 * the contract's shapes (support/fake-transfers.ts) for the customer Awa Diallo; a wrong
 * withdrawal code is the fake's answer chosen by the path.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEADER } from '../../contract/http';
import { formatXof } from '../../src/i18n/format';
import { generatePaths, incompleteSteps, missingCoverage, runPath } from '../paths/graph-adapter';
import { transferFlowGraph } from '../paths/machines/features';
import { type TransferEnv, type TransferForm, transferFlowSteps } from '../paths/steps/transfer-flow';
import { AGENT_TILL, installFakeTransfers } from './support/fake-transfers';
import { createJsdomDriver, type JsdomDriver } from './support/jsdom-driver';
import { createFakeApi, success } from './support/render-app';

const PATH_TIMEOUT_MS = 30_000;
const VALID: TransferForm = {
  counterparty: '+221 77 111 22 33',
  amount: '25 000',
  withdrawalCode: '482913',
  note: 'Guichet Plateau',
};
/** Intl writes XOF amounts with no-break spaces; the assertions compare plain text. */
const xof = (n: number) => formatXof(n, 'en').replace(/\s+/g, ' ');

let driver: JsdomDriver | undefined;

beforeAll(async () => {
  // The page is a lazy chunk: load it once so no path pays for its first import.
  await import('../../src/features/transfers/TransferPage');
}, 60_000);

afterEach(() => {
  driver?.close();
  driver = undefined;
  vi.restoreAllMocks();
  // The form's draft belongs to the tab: each path opens a new one.
  window.sessionStorage.clear();
});

function open(): { d: JsdomDriver; env: TransferEnv } {
  const api = createFakeApi();
  installFakeTransfers(api);
  const print = vi.spyOn(window, 'print').mockImplementation(() => {});
  const d = createJsdomDriver(api);
  driver = d;
  const money = [`Amount (XOF)${xof(25000)}`, `Fee${xof(250)}`, `Total debited${xof(25250)}`];
  const env: TransferEnv = {
    valid: VALID,
    unknown: { ...VALID, counterparty: '+221 70 000 00 00' },
    request: { counterparty: '+221771112233', amount: 25000, withdrawalCode: '482913', note: 'Guichet Plateau' },
    unknownMessage: 'No wallet has the number +221700000000.',
    reviewFacts: [
      'FromAwa Diallo+221771112233 · CUS-000001',
      'ToAgent Khady Ndiaye tillOperated by: Moussa Diop+221770000001 · AGT-00001',
      ...money,
      'NoteGuichet Plateau',
    ],
    receiptFacts: [
      'Date04-03-2025',
      'TransferCash Out',
      'Paid byAwa Diallo+221771112233 · CUS-000001',
      'Received byAgent Khady Ndiaye tillOperated by: Moussa Diop',
      `Amount received${xof(25000)}`,
      `Fee${xof(250)}`,
      `Total paid${xof(25250)}`,
      'NoteGuichet Plateau',
      'Served byMoussa Diop',
      'ChannelDashboard',
    ],
    ownBalance: xof(AGENT_TILL.balance ?? 0),
    sent: async (path) =>
      api.callsTo(path, 'POST').map((call) => ({ key: call.headers.get(HEADER.idempotencyKey), body: call.body })),
    prints: async () => print.mock.calls.length,
    answer: (outcome) =>
      outcome === 'checkWithdrawalCode.done(wrong code)' ? { body: success({ valid: false }) } : undefined,
  };
  return { d, env };
}

describe('transfer-flow machine (agent cash-out): generated paths in jsdom', () => {
  const generated = generatePaths(transferFlowGraph);

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    const { d, env } = open();
    expect(incompleteSteps(generated, transferFlowSteps(d, env))).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => {
      const { d, env } = open();
      return runPath(path, transferFlowSteps(d, env));
    });
  }
});
