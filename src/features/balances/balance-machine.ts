import { loadMachine, withEmpty } from '../../ui/list/report-machine';

/** `GET balances/{balanceId}?from&to[&memberId]`. */
export interface BalanceQuery {
  balanceId: string;
  memberId?: string;
  from: string;
  to: string;
}

export interface BalanceAnswer {
  title?: string;
  account: { number: string; label: string };
  currency: 'XOF';
  balance: number;
  opening: number;
  credits: number;
  debits: number;
  days: Array<{ date: string; credits: number; debits: number; closing: number }>;
}

/** `GET balances/repartition/{bankCode}`. */
export interface RepartitionQuery {
  bankCode: string;
}

export interface RepartitionAnswer {
  bank: { code: string; name: string };
  float: number;
  rows: Array<{ kind: string; accounts: number; balance: number }>;
}

/** A balance always has a card to show, even for a period without movements. */
export const balanceMachine = loadMachine;

export const repartitionMachine = withEmpty<RepartitionAnswer>((answer) => answer.rows.length === 0);
