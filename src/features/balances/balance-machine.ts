import type { Repartition } from '../../../contract/api/balances';
import { loadMachine, withEmpty } from '../../ui/list/report-machine';

/** `GET /balances/{balanceId}?from&to[&memberId]`. */
export interface BalanceQuery {
  balanceId: string;
  memberId?: string;
  from: string;
  to: string;
}

/** `GET /balances/repartition/{bankCode}`. */
export interface RepartitionQuery {
  bankCode: 'BBG' | 'BIS';
}

/** A balance always has a card to show, even for a period without movements. */
export const balanceMachine = loadMachine;

export const repartitionMachine = withEmpty<Repartition>((answer) => answer.rows.length === 0);
