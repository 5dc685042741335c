import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const banks = pgTable('banks', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** BBG and BIS banks have their own report pages and groups (DESIGN.md §4). */
  bankGroup: text('bank_group'),
  /** BCEAO bank code or SWIFT BIC, as the settlement files name the bank. */
  bic: text('bic'),
  /** The bank's e-money float account. */
  floatAccountId: integer('float_account_id').references((): AnyPgColumn => accounts.id),
  /** Deactivated banks stay for history and reports but leave every picker. */
  active: boolean('active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    groupId: integer('group_id').notNull(),
    phone: text('phone'),
    email: text('email'),
    bankId: integer('bank_id').references(() => banks.id),
    passwordHash: text('password_hash').notNull(),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the token: a leaked table cannot be replayed. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    loginChannel: text('login_channel').notNull(),
    lastChannel: text('last_channel').notNull(),
    requestCount: integer('request_count').notNull().default(0),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One row a request made in a session: which channel it came through, and what it asked. */
export const sessionActivity = pgTable(
  'session_activity',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    channel: text('channel').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
  },
  (t) => [index('session_activity_session_idx').on(t.sessionId, t.at)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    kind: text('kind').notNull(),
    label: text('label').notNull(),
    ownerUserId: integer('owner_user_id').references(() => users.id),
    bankId: integer('bank_id').references(() => banks.id),
    currency: text('currency').notNull().default('XOF'),
    /** Integer XOF: the franc CFA has no minor unit. Always the sum of the account's postings. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull().default('active'),
    phone: text('phone'),
    region: text('region'),
    kycStatus: text('kyc_status').notNull().default('approved'),
    pinStatus: text('pin_status').notNull().default('set'),
    /** Agent hierarchy and merchant chains (head, master, location). */
    parentAccountId: integer('parent_account_id'),
    network: text('network'),
    memberId: text('member_id'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('accounts_owner_idx').on(t.ownerUserId),
    index('accounts_kind_created_idx').on(t.kind, t.createdAt),
    index('accounts_kind_activated_idx').on(t.kind, t.activatedAt),
    index('accounts_parent_idx').on(t.parentAccountId),
    index('accounts_phone_idx').on(t.phone),
    // Phone search matches the end of a number: on the reversed digits that is a prefix (reports/search.ts).
    index('accounts_phone_digits_rev_idx').using(
      'btree',
      sql`reverse(regexp_replace(${t.phone}, '\\D', '', 'g')) text_pattern_ops`,
    ),
    index('accounts_bank_idx').on(t.bankId, t.kind),
  ],
);

/**
 * One business event: a cash-in, a bill payment, an e-money issue... Its money moves only
 * through the postings below, which sum to zero for every transaction.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reference: text('reference').notNull().unique(),
    type: text('type').notNull(),
    service: text('service').notNull(),
    status: text('status').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    commission: bigint('commission', { mode: 'number' }).notNull().default(0),
    fromAccountId: integer('from_account_id').references(() => accounts.id),
    toAccountId: integer('to_account_id').references(() => accounts.id),
    initiatorUserId: integer('initiator_user_id').references(() => users.id),
    channel: text('channel').notNull().default('dashboard'),
    bankId: integer('bank_id').references(() => banks.id),
    network: text('network'),
    memberId: text('member_id'),
    /** Service specifics: meter number, bill reference, bus card, policy number... */
    details: jsonb('details').$type<Record<string, string>>(),
    /** The transfer flow (contract/transfers.ts) that made it; null for history the API did not post. */
    flowId: text('flow_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_created_idx').on(t.createdAt, t.id),
    index('transactions_service_created_idx').on(t.service, t.createdAt),
    index('transactions_type_created_idx').on(t.type, t.createdAt),
    index('transactions_from_created_idx').on(t.fromAccountId, t.createdAt),
    index('transactions_to_created_idx').on(t.toAccountId, t.createdAt),
    index('transactions_bank_created_idx').on(t.bankId, t.createdAt),
    index('transactions_network_created_idx').on(t.network, t.createdAt),
    index('transactions_member_created_idx').on(t.memberId, t.createdAt),
    // Reference search is a prefix match; the pattern operator class serves LIKE 'TX2611%' in any collation.
    index('transactions_reference_prefix_idx').on(t.reference.op('text_pattern_ops')),
    // The most used sort after time: a page sorted by amount reads the index, not a million-row sort.
    index('transactions_amount_idx').on(t.amount, t.id),
  ],
);

export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Signed: credits positive, debits negative. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('postings_account_created_idx').on(t.accountId, t.createdAt),
    index('postings_transaction_idx').on(t.transactionId),
  ],
);

/** Customers asking to close their account (the "Closed Account Request" report). */
export const closureRequests = pgTable(
  'closure_requests',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('closure_requests_created_idx').on(t.createdAt)],
);

/** Members associated with a broker (the AFTU master's transport partners, SPEC.md §7). */
export const associatedMembers = pgTable(
  'associated_members',
  {
    id: serial('id').primaryKey(),
    brokerUserId: integer('broker_user_id')
      .notNull()
      .references(() => users.id),
    memberId: text('member_id').notNull(),
    memberName: text('member_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('associated_members_broker_member_idx').on(t.brokerUserId, t.memberId)],
);

/** Report exports run in the background; the page lists them, so a reload loses nothing. */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    reportId: text('report_id').notNull(),
    format: text('format').notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    status: text('status').notNull(),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    /**
     * The capability in the download link, so a plain <a href> can fetch the file without the
     * session header. Only the job's owner ever sees it; the data it opens is theirs anyway.
     */
    downloadKey: text('download_key').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('export_jobs_user_created_idx').on(t.userId, t.createdAt)],
);

/** Live references are `TR` + YYMMDD + this sequence, so they never meet the demo's `TX…`. */
export const transferReferenceSeq = pgSequence('transfer_reference_seq', { startWith: 1 });

/**
 * The fee of a flow by amount band. An amount outside every band of its flow is refused, so
 * the bands are also each flow's minimum and maximum. Basis points: 100 bp = 1 %.
 */
export const feeSchedule = pgTable(
  'fee_schedule',
  {
    id: serial('id').primaryKey(),
    flowId: text('flow_id').notNull(),
    minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
    fixedFee: bigint('fixed_fee', { mode: 'number' }).notNull().default(0),
    percentFeeBp: integer('percent_fee_bp').notNull().default(0),
    minFee: bigint('min_fee', { mode: 'number' }).notNull().default(0),
    /** Null: no cap. */
    maxFee: bigint('max_fee', { mode: 'number' }),
    /** Share of the fee paid on to the agent who served the customer. */
    commissionShareBp: integer('commission_share_bp').notNull().default(0),
    /** Commission on the amount itself, paid to the agent out of SYS-COMMISSIONS (no fee to share). */
    commissionRateBp: integer('commission_rate_bp').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('fee_schedule_flow_idx').on(t.flowId, t.minAmount),
    check('fee_schedule_band_check', sql`${t.minAmount} > 0 AND ${t.minAmount} <= ${t.maxAmount}`),
  ],
);

/** A negotiated fee for one debited account on one flow; it replaces the schedule's fee. */
export const feeOverrides = pgTable(
  'fee_overrides',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    flowId: text('flow_id').notNull(),
    fixedFee: bigint('fixed_fee', { mode: 'number' }),
    percentFeeBp: integer('percent_fee_bp'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fee_overrides_account_flow_idx').on(t.accountId, t.flowId),
    check('fee_overrides_some_fee_check', sql`${t.fixedFee} IS NOT NULL OR ${t.percentFeeBp} IS NOT NULL`),
  ],
);

/**
 * A submitted transfer's answer, kept under the client's key: a repeat gets the same answer
 * instead of a second posting. Written in the posting's own database transaction, so a
 * request that fails leaves no key behind and can be retried.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    flowId: text('flow_id').notNull(),
    /** SHA-256 of the flow and the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    httpStatus: integer('http_status'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key_idx').on(t.userId, t.key)],
);

/** Maker-checker: a transfer waiting for a second person (/authorize-transactions). */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: serial('id').primaryKey(),
    flowId: text('flow_id').notNull(),
    makerUserId: integer('maker_user_id')
      .notNull()
      .references(() => users.id),
    sourceAccountId: integer('source_account_id')
      .notNull()
      .references(() => accounts.id),
    counterpartyAccountId: integer('counterparty_account_id')
      .notNull()
      .references(() => accounts.id),
    destinationAccountId: integer('destination_account_id')
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    note: text('note'),
    status: text('status').notNull(),
    reason: text('reason'),
    checkerUserId: integer('checker_user_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id),
    /** Bank flows: only this bank's checkers decide, and only its users see the request. */
    bankId: integer('bank_id').references(() => banks.id),
  },
  (t) => [
    uniqueIndex('approval_requests_transaction_idx').on(t.transactionId),
    index('approval_requests_status_created_idx').on(t.status, t.createdAt),
    index('approval_requests_status_expires_idx').on(t.status, t.expiresAt),
    index('approval_requests_bank_created_idx').on(t.bankId, t.createdAt),
  ],
);

/** One-time codes a customer makes in the wallet app to authorise a cash-out. */
export const withdrawalCodes = pgTable(
  'withdrawal_codes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** sha256$salt$hash: the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id),
    /** Wrong codes tried since this code was made; at the limit the customer must make a new one. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('withdrawal_codes_account_idx').on(t.accountId, t.id)],
);

/** Who moved money, when, through which channel, and every balance it changed. */
export const transferAudit = pgTable(
  'transfer_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    channel: text('channel').notNull(),
    requestId: text('request_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    balances: jsonb('balances').$type<{ number: string; before: number; after: number }[]>().notNull(),
  },
  (t) => [index('transfer_audit_transaction_idx').on(t.transactionId)],
);

// ---- KYC review, registration and student onboarding (issue 8) ----

/** Raw bytes: KYC documents live in the database, so both engines back them up with the rest. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

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

// ---- Bulk operations from files (issue 7) ----

/**
 * One uploaded file of rows to process: a bulk payment, change of bank, fee override or fee
 * removal. The same file sent twice by the same user is the same batch (unique content hash).
 */
export const bulkBatches = pgTable(
  'bulk_batches',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the validated rows as submitted: the idempotency key of the upload. */
    contentHash: text('content_hash').notNull(),
    /** awaiting_approval, rejected, queued, processing, done, failed. */
    status: text('status').notNull(),
    sourceAccountId: integer('source_account_id').references(() => accounts.id),
    rowsTotal: integer('rows_total').notNull(),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsFailed: integer('rows_failed').notNull().default(0),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull().default(0),
    totalFees: bigint('total_fees', { mode: 'number' }).notNull().default(0),
    checkerUserId: integer('checker_user_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bulk_batches_user_kind_hash_idx').on(t.userId, t.kind, t.contentHash),
    index('bulk_batches_kind_created_idx').on(t.kind, t.createdAt),
    index('bulk_batches_status_idx').on(t.status),
  ],
);

/** A batch's rows; a row is marked done in the same database transaction that applies it. */
export const bulkRows = pgTable(
  'bulk_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: text('batch_id')
      .notNull()
      .references(() => bulkBatches.id),
    rowNo: integer('row_no').notNull(),
    data: jsonb('data').$type<Record<string, string | number | null>>().notNull(),
    /** pending, done, failed. */
    status: text('status').notNull().default('pending'),
    error: text('error'),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bulk_rows_batch_row_idx').on(t.batchId, t.rowNo),
    index('bulk_rows_batch_status_idx').on(t.batchId, t.status, t.rowNo),
  ],
);

// ---- Settings and account security (issue 9) ----

/** Who did what, when and through which channel: the admins' audit trail page. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for events with no signed-in user (a failed login of an unknown name). */
    userId: integer('user_id').references(() => users.id),
    channel: text('channel').notNull(),
    /** Dot-namespaced: bank.create, qr.unlink, twoFactor.enable, wallet.migrate... */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at, t.id),
    index('audit_events_user_at_idx').on(t.userId, t.at),
    index('audit_events_action_at_idx').on(t.action, t.at),
  ],
);

/** A merchant's payment QR code; an unlinked code no longer resolves. */
export const merchantQrCodes = pgTable(
  'merchant_qr_codes',
  {
    id: serial('id').primaryKey(),
    /** The public code printed under the QR image and carried in its payload. */
    code: text('code').notNull().unique(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Null: the customer types the amount. */
    amount: bigint('amount', { mode: 'number' }),
    payload: text('payload').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    unlinkedAt: timestamp('unlinked_at', { withTimezone: true }),
    unlinkedBy: integer('unlinked_by').references(() => users.id),
    unlinkReason: text('unlink_reason'),
  },
  (t) => [index('merchant_qr_codes_account_idx').on(t.accountId, t.createdAt)],
);

/** TOTP enrolment; enabledAt is null while the user has not yet confirmed a first code. */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  /** Base32 secret, encrypted with the server key (aes-256-gcm, iv:tag:ciphertext). */
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last accepted 30 s step: a code is accepted once. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes, stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A password accepted for a user with two-factor: the second step of the login. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    channel: text('channel').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

/** A wallet moved to a new phone number or another account type. */
export const walletMigrations = pgTable(
  'wallet_migrations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** phone or type. */
    kind: text('kind').notNull(),
    fromValue: text('from_value').notNull(),
    toValue: text('to_value').notNull(),
    reason: text('reason').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('wallet_migrations_account_idx').on(t.accountId, t.createdAt)],
);

/** The wallet app's banners, managed from /banner. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    link: text('link'),
    /** en, fr or all. */
    language: text('language').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    imageMime: text('image_mime').notNull(),
    imageSha256: text('image_sha256').notNull(),
    image: bytea('image').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    index('banners_position_idx').on(t.position, t.id),
    check('banners_dates_check', sql`${t.endsOn} IS NULL OR ${t.endsOn} >= ${t.startsOn}`),
  ],
);

/**
 * A chargeback: the reversal of one transaction, asked by a maker and decided by a checker.
 * The reversal is a new transaction with opposite postings; nothing is deleted.
 */
export const chargebacks = pgTable(
  'chargebacks',
  {
    id: serial('id').primaryKey(),
    originalTransactionId: bigint('original_transaction_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id),
    reversalTransactionId: bigint('reversal_transaction_id', { mode: 'number' }).references(() => transactions.id),
    reason: text('reason').notNull(),
    /** pending, approved, rejected. */
    status: text('status').notNull(),
    makerUserId: integer('maker_user_id')
      .notNull()
      .references(() => users.id),
    checkerUserId: integer('checker_user_id').references(() => users.id),
    decisionReason: text('decision_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One live chargeback per transaction: a rejected one may be asked again.
    uniqueIndex('chargebacks_open_original_idx').on(t.originalTransactionId).where(sql`${t.status} <> 'rejected'`),
    index('chargebacks_status_created_idx').on(t.status, t.createdAt),
  ],
);
