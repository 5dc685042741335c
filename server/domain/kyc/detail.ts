import { desc, eq, sql } from 'drizzle-orm';
import {
  type DocumentMimeType,
  type DocumentType,
  type KycDecision,
  type KycStatus,
  type ReviewedAccountKind,
  kycLimits,
  limitsAfterApproval,
  mayUploadDocuments,
  requiredDocumentsOf,
} from '../../../contract/kyc';
import type { KycAccountDetail, KycDocumentView } from '../../../contract/api/kyc';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/query';
import { kycDecisions, kycDocuments, users } from '../../db/schema';
import type { SessionUser } from '../../lib/session-user';
import type { ReviewedAccount } from './access';

export const documentUrl = (id: number) => `kyc/documents/${id}/content`;

/** The documents of an account without their bytes, newest first. */
async function documentViews(db: Db, accountId: number): Promise<KycDocumentView[]> {
  const rows = await db
    .select({
      id: kycDocuments.id,
      type: kycDocuments.type,
      fileName: kycDocuments.fileName,
      mimeType: kycDocuments.mimeType,
      size: kycDocuments.size,
      sha256: kycDocuments.sha256,
      uploadedBy: users.name,
      createdAt: kycDocuments.createdAt,
    })
    .from(kycDocuments)
    .leftJoin(users, eq(users.id, kycDocuments.uploadedBy))
    .where(eq(kycDocuments.accountId, accountId))
    .orderBy(desc(kycDocuments.createdAt), desc(kycDocuments.id));
  return rows.map((r) => ({
    ...r,
    type: r.type as DocumentType,
    mimeType: r.mimeType as DocumentMimeType,
    createdAt: r.createdAt.toISOString(),
    url: documentUrl(r.id),
  }));
}

async function decisionViews(db: Db, accountId: number) {
  const rows = await db
    .select({
      id: kycDecisions.id,
      decision: kycDecisions.decision,
      reason: kycDecisions.reason,
      reviewer: users.name,
      reviewerUsername: users.username,
      at: kycDecisions.createdAt,
    })
    .from(kycDecisions)
    .innerJoin(users, eq(users.id, kycDecisions.reviewerUserId))
    .where(eq(kycDecisions.accountId, accountId))
    .orderBy(desc(kycDecisions.createdAt), desc(kycDecisions.id));
  return rows.map((r) => ({ ...r, decision: r.decision as KycDecision, at: r.at.toISOString() }));
}

interface ProfileRow {
  first_name: string;
  last_name: string;
  birth_date: string | Date | null;
  national_id: string | null;
  gender: 'female' | 'male' | null;
  email: string | null;
  street: string | null;
  city: string | null;
  region: string | null;
  business_name: string | null;
  business_category: string | null;
  ninea: string | null;
  company_name: string | null;
  contact_person: string | null;
  commission_plan: string | null;
  bank_code: string | null;
  bank_name: string | null;
  agent_number: string | null;
  agent_label: string | null;
  registered_by: string | null;
  registered_by_id: number | null;
  created_at: string | Date;
  school: string | null;
  level: string | null;
  guardian_phone: string | null;
  onboarded_by: string | null;
  parent_number: string | null;
  parent_label: string | null;
}

/** A `date` column reads as a string on one driver and a Date on another. */
const day = (value: string | Date | null) =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

async function profileOf(db: Db, account: ReviewedAccount): Promise<ProfileRow | undefined> {
  const [row] = await queryRows<ProfileRow>(
    db,
    sql`
      SELECT p.*, b.code AS bank_code, b.name AS bank_name, ag.number AS agent_number, ag.label AS agent_label,
             ru.name AS registered_by, p.registered_by AS registered_by_id,
             s.school, s.level, s.guardian_phone, su.name AS onboarded_by,
             parent.number AS parent_number, parent.label AS parent_label
      FROM (SELECT ${account.id}::int AS account_id) x
      LEFT JOIN account_profiles p ON p.account_id = x.account_id
      LEFT JOIN banks b ON b.id = p.settlement_bank_id
      LEFT JOIN accounts ag ON ag.id = p.enrolling_agent_account_id
      LEFT JOIN users ru ON ru.id = p.registered_by
      LEFT JOIN students s ON s.account_id = x.account_id
      LEFT JOIN users su ON su.id = s.onboarded_by
      LEFT JOIN accounts parent ON parent.id = ${account.parentAccountId}
    `,
  );
  return row;
}

/** Everything a reviewer needs to decide, and what the caller may do about it. */
export async function loadAccountDetail(
  db: Db,
  account: ReviewedAccount,
  caller: SessionUser,
  customerDailyLimit: number,
): Promise<KycAccountDetail> {
  const [profile, documents, decisions] = await Promise.all([
    profileOf(db, account),
    documentViews(db, account.id),
    decisionViews(db, account.id),
  ]);
  const required = [...requiredDocumentsOf(account.kind)];
  const onFile = new Set(documents.map((d) => d.type));
  const closed = account.status === 'closed';
  const selfRegistered = profile?.registered_by_id === caller.userId;
  const missing = required.filter((t) => !onFile.has(t));
  return {
    account: {
      number: account.number,
      kind: account.kind as ReviewedAccountKind,
      label: account.label,
      phone: account.phone,
      region: account.region,
      status: account.status,
      kycStatus: account.kycStatus as KycStatus,
      pinStatus: account.pinStatus,
      createdAt: account.createdAt.toISOString(),
      activatedAt: account.activatedAt?.toISOString() ?? null,
      parent: profile?.parent_number ? { number: profile.parent_number, label: profile.parent_label ?? '' } : null,
      limits: kycLimits(account, customerDailyLimit),
    },
    afterApproval: limitsAfterApproval(account, customerDailyLimit),
    identity: profile?.first_name
      ? {
          firstName: profile.first_name,
          lastName: profile.last_name,
          birthDate: day(profile.birth_date),
          gender: profile.gender,
          nationalId: profile.national_id,
          email: profile.email,
          street: profile.street,
          city: profile.city,
          region: profile.region,
          businessName: profile.business_name,
          businessCategory: profile.business_category,
          ninea: profile.ninea,
          companyName: profile.company_name,
          contactPerson: profile.contact_person,
          commissionPlan: profile.commission_plan,
          settlementBank: profile.bank_code ? { code: profile.bank_code, name: profile.bank_name ?? '' } : null,
          enrollingAgent: profile.agent_number
            ? { number: profile.agent_number, label: profile.agent_label ?? '' }
            : null,
          registeredBy: profile.registered_by,
          registeredAt: new Date(profile.created_at).toISOString(),
        }
      : null,
    student:
      profile?.school && profile.level && profile.guardian_phone
        ? {
            school: profile.school,
            level: profile.level,
            guardianPhone: profile.guardian_phone,
            onboardedBy: profile.onboarded_by ?? '',
          }
        : null,
    documents,
    requiredDocuments: required,
    missingDocuments: missing,
    decisions,
    permissions: {
      canDecide: !closed,
      canApprove: !closed && !selfRegistered && account.kycStatus !== 'approved' && missing.length === 0,
      canUpload: !closed && mayUploadDocuments(caller.group, account.kind),
    },
  };
}
