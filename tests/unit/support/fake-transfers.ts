/**
 * The money-movement endpoints of contract/transfers.ts on top of the fake API, answering
 * exactly the contract's shapes: options, quotes and idempotent submissions for every flow.
 * A small ledger of known wallets resolves beneficiaries; a test decides how the next
 * submission ends (accepted, refused, or processed with its answer lost on the way back).
 */
import { HEADER } from '../../../contract/http';
import { senegalMobileKey } from '../../../contract/senegal-mobile';
import type {
  TransferOptions,
  TransferParty,
  TransferQuote,
  TransferRequest,
  TransferResult,
  WithdrawalCodeCheck,
} from '../../../contract/api/transfers';
import { TRANSFER_FLOWS, type TransferFlowDef } from '../../../contract/transfers';
import { type FakeAnswer, type FakeApi, failure, type RecordedCall, success } from './fake-api';

export const CUSTOMERS: readonly TransferParty[] = [
  { number: 'CUS-000001', name: 'Awa Diallo', phone: '+221771112233', kind: 'customer', balance: 180_000 },
  { number: 'CUS-000002', name: 'Ibrahima Fall', phone: '+221761234567', kind: 'customer', balance: 2_500 },
];
/** The signed-in agent's till: named as the till is, operated by the agent user. */
export const AGENT_TILL: TransferParty = {
  number: 'AGT-00001',
  name: 'Agent Khady Ndiaye',
  phone: '+221770000001',
  kind: 'agent',
  balance: 750_000,
  operator: 'Moussa Diop',
};
export const FAKE_BANKS = [
  { code: 'BBG', name: 'Bridge Bank Group' },
  { code: 'BIS', name: 'Banque Islamique du Sénégal' },
];
export const PARTNERS: readonly TransferParty[] = [
  { number: 'PRT-SONATEL', name: 'Sonatel Payroll', phone: null, kind: 'partner', balance: 90_000_000 },
];
export const CHILDREN: readonly TransferParty[] = [
  { number: 'MRC-00010', name: 'Sen Distribution Thiès', phone: '+221761110010', kind: 'merchant', balance: 40_000 },
  { number: 'MRC-00011', name: 'Sen Distribution Kaolack', phone: '+221761110011', kind: 'merchant', balance: 12_000 },
];
export const PARENT: TransferParty = {
  number: 'MRC-00001',
  name: 'Sen Distribution Head',
  phone: '+221761110001',
  kind: 'merchant',
};
export const APPROVAL_THRESHOLD = 1_000_000;
/** The amounts every fake flow takes, as the server would state them. */
export const AMOUNT_RANGE = { min: 100, max: 2_000_000 };
export const CREATED_AT = '2025-03-04T09:05:00.000Z';

const ADMINS = new Set(['admin', 'network-supervisor']);
const floatOf = (code: string): TransferParty => {
  const bank = FAKE_BANKS.find((b) => b.code === code) ?? FAKE_BANKS[0];
  return { number: `BNK-${bank?.code}`, name: `${bank?.name} e-money float`, phone: null, kind: 'bank_float' };
};

/** How the next submission ends. */
export type SubmitFate =
  | { kind: 'accept' }
  | { kind: 'refuse'; code: string; message: string; status?: number }
  /** The request never reaches the server: nothing is carried out, nothing answers. */
  | { kind: 'drop' }
  /** The server carries it out, but the answer never reaches the dashboard. */
  | { kind: 'lose' };

export interface Submission {
  flowId: string;
  key: string | null;
  body: TransferRequest;
  /** 201 first time, 200 for a repeated key, or the refusal's status; 0 when the answer was lost. */
  status: number;
}

export type FakeTransfers = ReturnType<typeof installFakeTransfers>;

const usernameOf = (call: RecordedCall) =>
  /^token-\d+-(.+)$/.exec(call.headers.get(HEADER.sessionToken) ?? '')?.[1] ?? '';

export function installFakeTransfers(api: FakeApi) {
  const fates: SubmitFate[] = [];
  const results = new Map<string, TransferResult>();
  const submissions: Submission[] = [];
  const quotes: { flowId: string; body: TransferRequest }[] = [];
  const codeChecks: { flowId: string; body: WithdrawalCodeCheck }[] = [];
  /** The withdrawal codes the next checks are told are not right, in order (then: right). */
  const wrongCodes: boolean[] = [];
  let sequence = 0;

  function options(flow: TransferFlowDef, username: string): TransferOptions {
    const admin = ADMINS.has(username);
    const ownAccount =
      flow.source === 'ownAccount' || (flow.destination === 'ownAccount' && !admin) ? AGENT_TILL : null;
    const picksBank = admin && (flow.source === 'bankFloat' || flow.source === 'counterparty');
    return {
      ownAccount,
      banks: picksBank ? FAKE_BANKS : [],
      partners: flow.source === 'partner' ? [...PARTNERS] : [],
      counterparties:
        flow.counterparty === 'childAccount' ? [...CHILDREN] : flow.counterparty === 'parentAccount' ? [PARENT] : [],
      approvalThreshold: APPROVAL_THRESHOLD,
      amountRange: AMOUNT_RANGE,
    };
  }

  function findWallet(id: string | undefined): TransferParty | undefined {
    if (!id) return undefined;
    return [...CUSTOMERS, ...CHILDREN].find((w) => w.number === id || w.phone === senegalMobileKey(id));
  }

  /** The quote of a request, or the refusal the real API would give. */
  function price(flow: TransferFlowDef, username: string, body: TransferRequest): TransferQuote | FakeAnswer {
    const own = options(flow, username);
    const counterparty =
      flow.counterparty === 'parentAccount'
        ? PARENT
        : flow.counterparty === 'childAccount'
          ? CHILDREN.find((c) => c.number === body.counterparty)
          : findWallet(body.counterparty);
    if (!counterparty) {
      return {
        status: 404,
        body: failure('COUNTERPARTY_NOT_FOUND', `No wallet has the number ${body.counterparty ?? ''}.`),
      };
    }
    const bankFloat = floatOf(body.source ?? 'BIS');
    const source =
      flow.source === 'counterparty'
        ? counterparty
        : flow.source === 'partner'
          ? (PARTNERS.find((p) => p.number === body.source) ?? PARTNERS[0])
          : flow.source === 'bankFloat'
            ? bankFloat
            : (own.ownAccount ?? AGENT_TILL);
    const destination =
      flow.source !== 'counterparty'
        ? counterparty
        : flow.destination === 'ownAccount' && own.ownAccount
          ? own.ownAccount
          : bankFloat;
    const fee = flow.type === 'cash_out' ? Math.max(100, Math.round(body.amount / 100)) : 0;
    const total = body.amount + fee;
    if (source?.balance !== undefined && total > source.balance) {
      return {
        status: 422,
        body: failure('INSUFFICIENT_FUNDS', 'The balance is too low for this amount and its fee.'),
      };
    }
    const showsBalance = flow.source === 'ownAccount' && source?.balance !== undefined;
    return {
      flow: flow.id,
      source: strip(source as TransferParty),
      counterparty: strip(counterparty),
      destination: strip(destination),
      amount: body.amount,
      fee,
      commission: Math.round(fee / 2),
      total,
      balanceAfter: showsBalance ? (source?.balance ?? 0) - total : null,
      needsApproval: flow.alwaysNeedsApproval || body.amount > APPROVAL_THRESHOLD,
    };
  }

  /** Another customer's balance never leaves the server. */
  const strip = ({ balance: _balance, ...party }: TransferParty): TransferParty => party;
  const isQuote = (value: TransferQuote | FakeAnswer): value is TransferQuote => 'flow' in value;

  for (const flow of TRANSFER_FLOWS) {
    api.on('GET', `transfers/${flow.id}/options`, (call) => ({ body: success(options(flow, usernameOf(call))) }));
    api.on('POST', `transfers/${flow.id}/quote`, (call) => {
      const body = call.body as TransferRequest;
      quotes.push({ flowId: flow.id, body });
      const quote = price(flow, usernameOf(call), body);
      return isQuote(quote) ? { body: success(quote) } : quote;
    });
    api.on('POST', `transfers/${flow.id}/withdrawal-code`, (call) => {
      const body = call.body as WithdrawalCodeCheck;
      codeChecks.push({ flowId: flow.id, body });
      return { body: success({ valid: !(wrongCodes.shift() ?? false) }) };
    });
    api.on('POST', `transfers/${flow.id}`, (call) => {
      const body = call.body as TransferRequest;
      const key = call.headers.get(HEADER.idempotencyKey);
      const submission: Submission = { flowId: flow.id, key, body, status: 0 };
      submissions.push(submission);
      if (!key) {
        submission.status = 400;
        return { status: 400, body: failure('VALIDATION_FAILED', 'The Idempotency-Key header is required.') };
      }
      const earlier = results.get(key);
      if (earlier) {
        submission.status = 200;
        return { status: 200, body: success(earlier) };
      }
      const fate = fates.shift() ?? { kind: 'accept' };
      if (fate.kind === 'drop') throw new TypeError('Failed to fetch');
      if (fate.kind === 'refuse') {
        submission.status = fate.status ?? 422;
        return { status: submission.status, body: failure(fate.code, fate.message) };
      }
      const quote = price(flow, usernameOf(call), body);
      if (!isQuote(quote)) {
        submission.status = quote.status ?? 400;
        return quote;
      }
      const user = api.userNamed(usernameOf(call));
      const result: TransferResult = {
        ...quote,
        status: quote.needsApproval ? 'pending' : 'success',
        reference: `TX25030400${String(++sequence).padStart(2, '0')}`,
        approvalId: quote.needsApproval ? 500 + sequence : null,
        createdAt: CREATED_AT,
        initiator: user.name,
        channel: call.headers.get(HEADER.channel) ?? 'dashboard',
        note: body.note ?? null,
      };
      results.set(key, result);
      if (fate.kind === 'lose') throw new TypeError('Failed to fetch');
      submission.status = 201;
      return { status: 201, body: success(result) };
    });
  }

  return {
    /** Every submission received, oldest first. */
    submissions,
    quotes,
    codeChecks,
    /** The next withdrawal-code check answers "not right". */
    nextCodeWrong() {
      wrongCodes.splice(0, wrongCodes.length, true);
    },
    /** Transfers carried out, by idempotency key. */
    results,
    /** How the next submissions without a result yet end, in order (then: accepted). Replaces any left. */
    nextSubmit(...next: SubmitFate[]) {
      fates.splice(0, fates.length, ...next);
    },
  };
}
