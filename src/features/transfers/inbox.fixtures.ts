/**
 * What waits for an administrator's decision one morning, as `GET inbox` answers it: one
 * request of each kind, one the caller made and one for a bank's Checkers. The catalogue's
 * inbox stories show these, no server behind them.
 */
import type { InboxItem, InboxPage } from '../../../contract/api/inbox';
import { NO_FACTS } from '../../../contract/api/inbox-facts';

/** A waiting request with the usual defaults; tests and stories name only what they are about. */
export const waiting = (
  item: Partial<InboxItem> & Pick<InboxItem, 'kind' | 'id' | 'subject' | 'maker'>,
): InboxItem => ({
  reference: null,
  party: null,
  mine: false,
  amount: null,
  createdAt: '2026-11-27T08:15:00.000Z',
  expiresAt: '2026-11-28T08:15:00.000Z',
  canDecide: true,
  decider: 'admin',
  deciderBank: null,
  detailPath: null,
  outsideBands: null,
  facts: NO_FACTS,
  change: null,
  ...item,
});

const INBOX_ITEMS: InboxItem[] = [
  waiting({
    kind: 'transfer',
    id: '41',
    subject: 'admin-cash-in',
    reference: 'TX2611270041',
    party: 'Bridge Bank Group e-money float',
    maker: 'Abdoulaye Kane',
    amount: 2_500_000,
    createdAt: '2026-11-27T07:52:00.000Z',
    expiresAt: '2026-11-28T07:52:00.000Z',
    detailPath: '/transactions/TX2611270041',
    facts: {
      ...NO_FACTS,
      payer: { name: 'Bridge Bank Group e-money float', number: 'BNK-BBG-FLOAT', phone: null },
      payee: { name: 'Moussa Diop', number: 'AGT-000004', phone: '+221 77 000 00 04' },
      fee: 0,
    },
  }),
  waiting({
    kind: 'bulk',
    id: '0b5c6f0e-2f7a-4d7e-9a55-0c1f2a3b4c5d',
    subject: 'frais-negocies-novembre.csv',
    maker: 'Ibrahima Sarr',
    createdAt: '2026-11-27T08:02:00.000Z',
    expiresAt: '2026-11-28T08:02:00.000Z',
    detailPath: '/bulk-fee-override?batch=0b5c6f0e-2f7a-4d7e-9a55-0c1f2a3b4c5d',
    outsideBands: {
      rows: 3,
      furthest: {
        rowNo: 2,
        code: 'FEE_OUT_OF_BAND',
        account: 'CUS-000003',
        flow: 'cash-out',
        amount: 50_000,
        fee: 25_000,
        bandMinFee: 500,
        bandMaxFee: 1_000,
      },
    },
  }),
  waiting({
    kind: 'chargeback',
    id: '7',
    subject: 'TX2611250007',
    reference: 'TX2611250007',
    party: 'Mariama Bâ',
    maker: 'Fatou Sow',
    amount: 75_000,
    decider: 'chargeback-handler',
    detailPath: '/transactions/TX2611250007',
  }),
  waiting({
    kind: 'wallet',
    id: '12',
    subject: 'phone',
    reference: 'CUS-000006',
    party: 'Ndèye Coumba Faye',
    maker: 'Mamadou Diagne',
    decider: 'migration-handler',
    detailPath: '/accounts/CUS-000006',
    facts: {
      ...NO_FACTS,
      payee: { name: 'Ndèye Coumba Faye', number: 'CUS-000006', phone: null },
      changes: [{ field: 'phone', before: '+221 77 000 00 06', after: '+221 78 123 45 67' }],
    },
  }),
  waiting({
    kind: 'change',
    id: '3',
    subject: 'user.passwordReset',
    party: 'Reset password of bank-checker (Banque Islamique Checker)',
    maker: 'Ousmane Faye',
    decider: 'second-admin',
    detailPath: '/users?user=9',
    change: {
      kind: 'user.passwordReset',
      user: { id: 9, username: 'bank-checker', name: 'Banque Islamique Checker' },
      flow: null,
    },
  }),
  waiting({
    kind: 'transfer',
    id: '44',
    subject: 'cash-out',
    reference: 'TX2611270044',
    party: 'Cheikh Tidiane Mbaye',
    maker: 'Awa Ndiaye',
    mine: true,
    amount: 350_000,
    canDecide: false,
    detailPath: '/transactions/TX2611270044',
  }),
  waiting({
    kind: 'transfer',
    id: '45',
    subject: 'bank-cash-out',
    reference: 'TX2611270045',
    party: 'Banque Islamique du Sénégal e-money float',
    maker: 'Banque Islamique Teller',
    amount: 15_000_000,
    canDecide: false,
    decider: 'bank-checker',
    deciderBank: 'Banque Islamique du Sénégal',
    detailPath: '/transactions/TX2611270045',
  }),
];

export const INBOX_PAGE: InboxPage = {
  rows: INBOX_ITEMS,
  waiting: { transfer: 1, bulk: 1, chargeback: 1, wallet: 1, change: 1 },
  bank: null,
  expired: [
    {
      kind: 'change',
      id: '2',
      subject: 'limits.update',
      reference: null,
      summary: 'Transfer limits: approval above 900,000 XOF',
      amount: null,
      createdAt: '2026-11-25T10:00:00.000Z',
      expiredAt: '2026-11-26T10:00:00.000Z',
      detailPath: '/fees?section=limits',
      change: { kind: 'limits.update', user: null, flow: null },
    },
  ],
};

export const EMPTY_INBOX: InboxPage = {
  rows: [],
  waiting: { transfer: 0, bulk: 0, chargeback: 0, wallet: 0, change: 0 },
  bank: null,
  expired: [],
};
