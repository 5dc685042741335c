/**
 * One transaction and one account as the detail endpoints of contract/api/details.ts answer
 * them: the transaction offers its receipt's print, the account has two pages of two
 * transactions each.
 */
import type { AccountDetail, TransactionDetail } from '../../../contract/details';
import { type FakeApi, success } from './fake-api';

const party = (number: string, name: string) => ({ number, name, phone: '+221 77 123 45 67', kind: 'customer' });

export const transaction: TransactionDetail = {
  reference: 'TX26111500115287',
  type: 'transfer',
  service: 'p2p',
  status: 'success',
  channel: 'dashboard',
  createdAt: '2026-11-15T10:00:00.000Z',
  amount: 25_000,
  fee: 250,
  commission: 100,
  total: 25_250,
  from: party('CUS-000001', 'Aminata Diallo'),
  to: party('CUS-000002', 'Ousmane Ndiaye'),
  initiator: 'Awa Ndiaye',
  bank: null,
  network: null,
  member: null,
  details: { note: 'Loyer novembre', code: '170' },
  postings: [
    { number: 'CUS-000001', name: 'Aminata Diallo', kind: 'customer', status: 'active', amount: -25_250 },
    { number: 'CUS-000002', name: 'Ousmane Ndiaye', kind: 'customer', status: 'active', amount: 25_000 },
    { number: 'SYS-FEES', name: 'Fees', kind: 'fees', status: 'active', amount: 250 },
  ],
  history: [{ at: '2026-11-15T10:00:00.000Z', status: 'success', by: 'Awa Ndiaye', note: null }],
  approval: null,
  bulk: null,
  chargebacks: [],
  reversalOf: null,
  actions: [{ id: 'print', path: '' }],
};

export const historyRow = (n: number) => ({
  reference: `TX2611150011${String(n).padStart(4, '0')}`,
  createdAt: `2026-11-${String(20 - n).padStart(2, '0')}T10:00:00.000Z`,
  type: 'transfer',
  status: 'success',
  amount: 1000 * n,
  fee: 0,
  direction: n % 2 ? ('in' as const) : ('out' as const),
  counterparty: party('CUS-000009', 'Fatou Sow'),
});

export const account = (page: number): AccountDetail => ({
  number: 'CUS-000001',
  holder: 'Aminata Diallo',
  phone: '+221 77 123 45 67',
  kind: 'customer',
  status: 'active',
  kycStatus: 'approved',
  pinStatus: 'set',
  region: 'Dakar',
  network: null,
  bank: null,
  parent: null,
  balance: 150_000,
  createdAt: '2026-01-02T10:00:00.000Z',
  activatedAt: null,
  lastActivityAt: null,
  limits: { canTransact: true, dailyLimit: 2_000_000, explanation: { en: 'KYC approved.', fr: 'KYC approuvé.' } },
  registration: null,
  documents: [],
  kycDecisions: [],
  migrations: [],
  qrCodes: [],
  transactions: { rows: [historyRow(page * 2 - 1), historyRow(page * 2)], total: 4, page, pageSize: 2 },
  actions: [],
});

/** Answers the transaction and the account (the page asked for) on the fake API. */
export function installFakeDetails(api: FakeApi) {
  api.on('GET', `transactions/${transaction.reference}`, () => ({ body: success(transaction) }));
  api.on('GET', `accounts/${account(1).number}`, (call) => ({
    body: success(account(Number(call.query.get('page') ?? 1))),
  }));
}
