/**
 * A small stateful chargeback server for /chargeback-voucher's tests: chargebacks listed by
 * status and page (the caller decides only others' pending ones, each once), transactions looked
 * up by reference, and chargebacks asked for.
 */
import type { ChargebackLookup, ChargebackTransaction, ChargebackView } from '../../../contract/api/chargebacks';
import { type FakeApi, failure, success } from './fake-api';

/** Who asked for the chargebacks listed at the start: someone other than the checker. */
const OTHER_MAKER = 'Khady Diallo';
/** The checker's name as the fake server writes it (the demo admin, who also asks). */
const CHECKER_NAME = 'Awa Ndiaye';

/** A transfer of `10 000 × n` XOF from Fatou Diop to Moussa Fall, referenced `TR261129<n>`. */
export function chargebackTransaction(n: number): ChargebackTransaction {
  const amount = 10_000 * n;
  return {
    reference: `TR261129${String(n).padStart(8, '0')}`,
    type: 'p2p',
    service: 'wallet',
    status: 'success',
    amount,
    fee: 0,
    commission: 0,
    createdAt: '2026-11-29T09:00:00.000Z',
    from: { number: 'CUS-000003', name: 'Fatou Diop', phone: '+221 77 100 00 03', kind: 'customer' },
    to: { number: 'CUS-000007', name: 'Moussa Fall', phone: '+221 77 100 00 07', kind: 'customer' },
    postings: [
      { number: 'CUS-000003', name: 'Fatou Diop', kind: 'customer', status: 'active', amount: -amount },
      { number: 'CUS-000007', name: 'Moussa Fall', kind: 'customer', status: 'active', amount },
    ],
  };
}

function chargeback(id: number, maker: string, reason: string, original: ChargebackTransaction): ChargebackView {
  return {
    id,
    status: 'pending',
    reason,
    maker,
    createdAt: '2026-11-29T10:00:00.000Z',
    checker: null,
    decisionReason: null,
    decidedAt: null,
    original,
    reversalReference: null,
    canDecide: maker !== CHECKER_NAME,
  };
}

export interface FakeChargebacks {
  /** Every chargeback, newest first. */
  all: ChargebackView[];
  /** How many pages the list has (a chargeback asked for adds one row). */
  pages(everyStatus: boolean): number;
  /** The ones the caller may decide on a page of the list (pending ones, or every status), in its order. */
  listed(query: { everyStatus: boolean; page: number }): ChargebackView[];
  /** The reference of a transaction that can be charged back, of one that cannot, and of none. */
  reversible: string;
  refused: string;
  unknown: string;
}

/**
 * Installs the chargeback endpoints on `api`, with `pending` chargebacks someone else asked for,
 * `perPage` a page at most (a server may serve fewer than asked; a short page keeps jsdom fast).
 * The demo admin decides and asks.
 */
export function installFakeChargebacks(api: FakeApi, { pending = 5, perPage = 3 } = {}): FakeChargebacks {
  const all: ChargebackView[] = Array.from({ length: pending }, (_, i) =>
    chargeback(pending - i, OTHER_MAKER, `Customer paid twice (${pending - i})`, chargebackTransaction(pending - i)),
  );
  const reversible = chargebackTransaction(101);
  const refused = chargebackTransaction(102);
  const lookups: Record<string, ChargebackLookup> = {
    [reversible.reference]: { transaction: reversible, existing: null, refusal: null },
    [refused.reference]: {
      transaction: refused,
      existing: { id: 900, status: 'pending' },
      refusal: { code: 'CHARGEBACK_EXISTS', message: 'A chargeback is already pending.' },
    },
  };
  for (const [reference, lookup] of Object.entries(lookups)) {
    api.on('GET', `chargeback-transactions/${reference}`, () => ({ body: success(lookup) }));
  }
  const unknown = chargebackTransaction(404).reference;
  api.on('GET', `chargeback-transactions/${unknown}`, () => ({
    status: 404,
    body: failure('TRANSACTION_NOT_FOUND', 'No transaction has this reference.'),
  }));
  const listed = (query: URLSearchParams) => {
    const status = query.get('status');
    return all.filter((c) => !status || status === 'all' || c.status === status);
  };
  api.on('GET', 'chargebacks', (call) => {
    const page = Number(call.query.get('page') ?? 1);
    const pageSize = Math.min(perPage, Number(call.query.get('pageSize') ?? perPage));
    const rows = listed(call.query);
    return {
      body: success({ rows: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, pageSize }),
    };
  });
  api.on('POST', 'chargebacks', (call) => {
    const { reference, reason } = call.body as { reference: string; reason: string };
    const lookup = lookups[reference];
    if (!lookup) return { status: 404, body: failure('TRANSACTION_NOT_FOUND', 'No transaction has this reference.') };
    const created = chargeback(all.length + 1, CHECKER_NAME, reason, lookup.transaction);
    all.unshift(created);
    return { status: 201, body: success(created) };
  });
  const decide = (row: ChargebackView) => (call: { body: unknown }) => {
    if (row.status !== 'pending') {
      return { status: 409, body: failure('CHARGEBACK_ALREADY_DECIDED', 'This chargeback was already decided.') };
    }
    const { decision, reason } = call.body as { decision: 'approve' | 'reject'; reason: string };
    Object.assign(row, {
      status: decision === 'approve' ? 'approved' : 'rejected',
      checker: CHECKER_NAME,
      decisionReason: reason,
      decidedAt: '2026-11-29T11:00:00.000Z',
      reversalReference: decision === 'approve' ? `CB261129${String(row.id).padStart(8, '0')}` : null,
      canDecide: false,
    });
    return { body: success(row) };
  };
  for (const row of all) api.on('POST', `chargebacks/${row.id}/decision`, decide(row));
  return {
    all,
    listed: ({ everyStatus, page }) =>
      listed(new URLSearchParams({ status: everyStatus ? 'all' : 'pending' }))
        .slice((page - 1) * perPage, page * perPage)
        .filter((c) => c.canDecide),
    pages: (everyStatus) =>
      Math.ceil(listed(new URLSearchParams({ status: everyStatus ? 'all' : 'pending' })).length / perPage),
    reversible: reversible.reference,
    refused: refused.reference,
    unknown,
  };
}
