import type { TransferQuote, TransferRequest } from '../../contract/api/transfers';
import type { TransferFlowDef } from '../../contract/transfers';
import type { TransferSettings } from '../config';
import type { Db } from '../db/database';
import type { SessionUser } from '../lib/session-user';
import { houseAccountsOf, prepareTransfer, verifyTransfer } from './plan';
import { quoteView } from './views';

/**
 * The review step: the transfer priced and checked against the rules as the accounts stand, so
 * the teller hears of a problem before submitting. Takes no lock; the submission checks again.
 */
export async function quoteTransfer(
  db: Db,
  settings: TransferSettings,
  input: { flow: TransferFlowDef; caller: SessionUser; request: TransferRequest; now: Date },
): Promise<TransferQuote> {
  const plan = await prepareTransfer(db, input.flow, input.caller, input.request, settings);
  await verifyTransfer(db, plan, await houseAccountsOf(db, plan), { now: input.now, settings });
  return quoteView(plan, input.caller);
}
