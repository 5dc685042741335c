import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';
import { accounts, banks, users } from './core';

/** KYC review, registration and student onboarding. */

/** Who the holder of an account is: the identity, address and business data KYC reviews. */
export const accountProfiles = pgTable(
  'account_profiles',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    /** 13-digit national ID number (contract/registration.ts); one holder per number. */
    nationalId: text('national_id'),
    gender: text('gender'),
    email: text('email'),
    street: text('street'),
    city: text('city'),
    region: text('region'),
    businessName: text('business_name'),
    businessCategory: text('business_category'),
    ninea: text('ninea'),
    companyName: text('company_name'),
    contactPerson: text('contact_person'),
    commissionPlan: text('commission_plan'),
    settlementBankId: integer('settlement_bank_id').references(() => banks.id),
    /** The agent who enrolled a customer: the review lists filter on it. */
    enrollingAgentAccountId: integer('enrolling_agent_account_id').references(() => accounts.id),
    /** Null for accounts opened before the back-office registered them. */
    registeredBy: integer('registered_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_profiles_account_idx').on(t.accountId),
    uniqueIndex('account_profiles_national_id_idx').on(t.nationalId).where(sql`${t.nationalId} IS NOT NULL`),
    index('account_profiles_enrolling_agent_idx').on(t.enrollingAgentAccountId),
  ],
);

/** Identity documents: checked by their first bytes on upload, served only to reviewers. */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    type: text('type').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('kyc_documents_account_idx').on(t.accountId, t.createdAt),
    check('kyc_documents_size_check', sql`${t.size} > 0`),
  ],
);

/** The audit trail of KYC reviews; an account's kyc_status follows its latest decision. */
export const kycDecisions = pgTable(
  'kyc_decisions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    decision: text('decision').notNull(),
    reason: text('reason'),
    previousStatus: text('previous_status').notNull(),
    reviewerUserId: integer('reviewer_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('kyc_decisions_account_created_idx').on(t.accountId, t.createdAt, t.id),
    check('kyc_decisions_decision_check', sql`${t.decision} IN ('approve', 'reject', 'more_documents')`),
    check('kyc_decisions_reason_check', sql`${t.decision} = 'approve' OR length(coalesce(${t.reason}, '')) >= 3`),
  ],
);

/** Student wallets a zone sales manager onboarded (/onboard-student, /my-students). */
export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    school: text('school').notNull(),
    level: text('level').notNull(),
    guardianPhone: text('guardian_phone').notNull(),
    onboardedBy: integer('onboarded_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('students_account_idx').on(t.accountId),
    index('students_onboarded_by_idx').on(t.onboardedBy, t.createdAt),
  ],
);
