import { eq } from 'drizzle-orm';
import type { ApprovalView } from '../../../contract/api/approvals';
import type { DecisionChange, DecisionFacts, DecisionParty } from '../../../contract/api/inbox-facts';
import { NO_FACTS } from '../../../contract/api/inbox-facts';
import type { MigrationRecord } from '../../../contract/api/wallet-migrations';
import type { ChangeKind, TransferLimits } from '../../../contract/change-requests';
import { type GroupIdTable, groupKeyForId } from '../../../contract/groups';
import type { UserFields } from '../../../contract/staff-users';
import type { TransferSettings } from '../../config';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import type { ScheduleChange } from '../../domain/fees/schedules';
import { currentSchedules } from '../../domain/fees/schedules';
import { currentLimits } from '../../ledger/limits';

/** What the facts of an administrative change are read against: the settings in force now. */
export interface FactsContext {
  transfers: TransferSettings;
  groupIds: GroupIdTable;
  now: Date;
}

const partyOf = (p: { name: string; number: string; phone: string | null }): DecisionParty => ({
  name: p.name,
  number: p.number,
  phone: p.phone,
});

/** A transfer: who pays, who receives, and the fee, as the maker submitted it. */
export const transferFacts = (view: ApprovalView): DecisionFacts => ({
  ...NO_FACTS,
  payer: partyOf(view.source),
  payee: partyOf(view.destination),
  fee: view.fee,
});

/** A wallet change: its phone or type now and as asked. */
export const walletFacts = (m: MigrationRecord): DecisionFacts => ({
  ...NO_FACTS,
  payee: { name: m.name, number: m.number, phone: null },
  changes: [{ field: m.kind, before: m.fromValue || null, after: m.toValue }],
});

const LIMIT_FIELDS = ['approvalThreshold', 'customerDailyLimit', 'maxTransfer'] as const;

async function limitsChanges(db: Db, asked: TransferLimits, ctx: FactsContext): Promise<DecisionChange[]> {
  const now = await currentLimits(db, ctx.transfers, ctx.now);
  return LIMIT_FIELDS.map((field) => ({ field, before: now[field], after: asked[field] }));
}

type UserPayload = UserFields & { userId?: number };

/** A staff account's name, group, phone and e-mail now (nothing for a new one) and as asked. */
async function userChanges(db: Db, asked: UserPayload, ctx: FactsContext): Promise<DecisionChange[]> {
  const [now] =
    asked.userId === undefined
      ? []
      : await db
          .select({ name: users.name, groupId: users.groupId, phone: users.phone, email: users.email })
          .from(users)
          .where(eq(users.id, asked.userId));
  const before = {
    name: now?.name ?? null,
    group: now ? groupKeyForId(now.groupId, ctx.groupIds) : null,
    phone: now?.phone ?? null,
    email: now?.email ?? null,
  };
  const after = { name: asked.name, group: asked.group, phone: asked.phone ?? null, email: asked.email ?? null };
  return (['name', 'group', 'phone', 'email'] as const)
    .filter((field) => !now || before[field] !== after[field])
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

/** An administrative change: each value it changes, before → after, and a fee schedule's bands. */
export async function changeFacts(
  db: Db,
  kind: ChangeKind,
  payload: unknown,
  ctx: FactsContext,
): Promise<DecisionFacts> {
  switch (kind) {
    case 'limits.update':
      return { ...NO_FACTS, changes: await limitsChanges(db, payload as TransferLimits, ctx) };
    case 'user.create':
    case 'user.update':
      return { ...NO_FACTS, changes: await userChanges(db, payload as UserPayload, ctx) };
    case 'fees.schedule': {
      const asked = payload as ScheduleChange;
      const now = (await currentSchedules(db)).find((s) => s.flowId === asked.flowId);
      return { ...NO_FACTS, bands: { flow: asked.flowId, before: now?.bands ?? [], after: asked.bands } };
    }
    default:
      return NO_FACTS;
  }
}
