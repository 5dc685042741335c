import { eq } from 'drizzle-orm';
import { KYC_STATUS_AFTER, type KycDecision, requiredDocumentsOf, statusAfterApproval } from '../../../contract/kyc';
import type { Db } from '../../db/database';
import { accountProfiles, accounts, kycDecisions, kycDocuments } from '../../db/schema';
import type { SessionUser } from '../../lib/session-user';
import { ApiError } from '../../lib/api-error';
import { accountClosed, reviewableAccount } from '../../domain/kyc/access';

export interface DecisionInput {
  number: string;
  decision: KycDecision;
  reason: string | undefined;
  caller: SessionUser;
  now: Date;
}

const alreadyApproved = (number: string) =>
  new ApiError(409, 'KYC_ALREADY_APPROVED', 'Already approved', `The KYC of ${number} is already approved.`);

const documentsMissing = (number: string, missing: readonly string[]) =>
  new ApiError(
    409,
    'DOCUMENTS_MISSING',
    'Documents missing',
    `${number} cannot be approved without these documents: ${missing.join(', ')}. Upload them or ask for more documents.`,
  );

const selfApproval = () =>
  new ApiError(
    403,
    'SELF_APPROVAL',
    'Four-eyes rule',
    'You registered this account: another reviewer must approve it.',
  );

/**
 * Records a reviewer's decision and moves the account's KYC status with it, in one database
 * transaction with the account row locked, so concurrent reviewers are serialised and the
 * status always matches the latest audit row. An approval leaves the account in the status its
 * detail announced (`afterApproval`, one rule in contract/kyc.ts): a first approval activates it.
 */
export async function decideKyc(db: Db, input: DecisionInput): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const account = await reviewableAccount(t, input.caller, input.number, { forUpdate: true });
    if (account.status === 'closed') throw accountClosed(account.number);
    if (input.decision === 'approve') {
      if (account.kycStatus === 'approved') throw alreadyApproved(account.number);
      const [profile] = await t
        .select({ registeredBy: accountProfiles.registeredBy })
        .from(accountProfiles)
        .where(eq(accountProfiles.accountId, account.id));
      if (profile?.registeredBy === input.caller.userId) throw selfApproval();
      const onFile = new Set(
        (
          await t
            .selectDistinct({ type: kycDocuments.type })
            .from(kycDocuments)
            .where(eq(kycDocuments.accountId, account.id))
        ).map((d) => d.type),
      );
      const missing = requiredDocumentsOf(account.kind).filter((type) => !onFile.has(type));
      if (missing.length > 0) throw documentsMissing(account.number, missing);
    }
    await t.insert(kycDecisions).values({
      accountId: account.id,
      decision: input.decision,
      reason: input.reason || null,
      previousStatus: account.kycStatus,
      reviewerUserId: input.caller.userId,
      createdAt: input.now,
    });
    await t.update(accounts).set({ kycStatus: KYC_STATUS_AFTER[input.decision] }).where(eq(accounts.id, account.id));
    if (input.decision === 'approve') {
      const status = statusAfterApproval(account);
      if (status !== account.status) {
        await t.update(accounts).set({ status, activatedAt: input.now }).where(eq(accounts.id, account.id));
      }
    }
  });
}
