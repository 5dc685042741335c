import { and, eq, ne } from 'drizzle-orm';
import { requiredDocumentsOf } from '../../../contract/kyc';
import { ADULT_AGE, ageOn, UNDER_AGE_MESSAGE } from '../../../contract/senegal-formats';
import { REGISTRATION_FORMS } from '../../../contract/registration-forms';
import type { RegistrationBody, RegistrationKind } from '../../../contract/registration';
import type { RegistrationResult } from '../../../contract/api/registrations';
import type { Db } from '../../db/database';
import { accounts, banks } from '../../db/schema';
import type { SessionUser } from '../../lib/session-user';
import { ApiError } from '../../lib/api-error';
import { type NewAccount, type NewProfile, openAccount } from '../../domain/accounts/open-account';

const underAge = () => new ApiError(400, 'UNDER_AGE', 'Too young', `identity.birthDate: ${UNDER_AGE_MESSAGE}.`);

const agentNotFound = (field: string, number: string) =>
  new ApiError(422, 'AGENT_NOT_FOUND', 'Unknown agent', `${field}: there is no open agent account ${number}.`);

const bankNotFound = (code: string) =>
  new ApiError(
    422,
    'BANK_NOT_FOUND',
    'Unknown bank',
    `settings.settlementBank: there is no active bank with the code ${code}.`,
  );

async function agentId(db: Db, field: string, number: string | undefined): Promise<number | null> {
  if (!number) return null;
  const [agent] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.number, number), eq(accounts.kind, 'agent'), ne(accounts.status, 'closed')));
  if (!agent) throw agentNotFound(field, number);
  return agent.id;
}

async function bankId(db: Db, code: string): Promise<number> {
  // A deactivated bank has left the picker: it can no longer be chosen.
  const [bank] = await db
    .select({ id: banks.id })
    .from(banks)
    .where(and(eq(banks.code, code), eq(banks.active, true)));
  if (!bank) throw bankNotFound(code);
  return bank.id;
}

/** What the account and its profile hold for each kind, once references are resolved. */
async function accountAndProfile(
  db: Db,
  kind: RegistrationKind,
  body: RegistrationBody,
): Promise<{ account: NewAccount; profile: NewProfile }> {
  const { identity, contact, address } = body;
  const person = `${identity.firstName} ${identity.lastName}`;
  const profile: NewProfile = { ...identity, ...address, email: contact.email ?? null };
  const account: NewAccount = {
    kind: REGISTRATION_FORMS[kind].accountKind,
    label: person,
    phone: contact.phone,
    region: address.region,
  };
  const settings = body.settings as Record<string, string | undefined>;
  switch (kind) {
    case 'customer':
      profile.enrollingAgentAccountId = await agentId(db, 'settings.agentNumber', settings.agentNumber);
      break;
    case 'agent':
      account.label = `Agent ${person}`;
      account.parentAccountId = await agentId(db, 'settings.parentAgent', settings.parentAgent);
      profile.commissionPlan = settings.commissionPlan ?? null;
      break;
    case 'hybrid-merchant':
      account.label = settings.businessName as string;
      account.network = settings.network ?? null;
      Object.assign(profile, {
        businessName: settings.businessName,
        businessCategory: settings.businessCategory,
        ninea: settings.ninea ?? null,
      });
      break;
    case 'partner':
      account.label = settings.companyName as string;
      Object.assign(profile, {
        companyName: settings.companyName,
        ninea: settings.ninea,
        contactPerson: settings.contactPerson,
        settlementBankId: await bankId(db, settings.settlementBank as string),
      });
      break;
  }
  return { account, profile };
}

/**
 * Registers an account of one kind in the KYC-pending state, in one database transaction:
 * the age rule on the server's date, references (agents, bank) checked, duplicates refused.
 */
export async function registerAccount(
  db: Db,
  input: { kind: RegistrationKind; body: RegistrationBody; caller: SessionUser; now: Date },
): Promise<RegistrationResult> {
  if (ageOn(input.body.identity.birthDate, input.now) < ADULT_AGE) throw underAge();
  const form = REGISTRATION_FORMS[input.kind];
  const account = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const { account, profile } = await accountAndProfile(t, input.kind, input.body);
    return openAccount(t, {
      prefix: form.numberPrefix,
      account,
      profile,
      registeredBy: input.caller.userId,
      now: input.now,
    });
  });
  return {
    number: account.number,
    kind: form.accountKind,
    registrationKind: input.kind,
    label: account.label,
    phone: account.phone ?? '',
    kycStatus: 'pending',
    status: 'inactive',
    requiredDocuments: [...requiredDocumentsOf(form.accountKind)],
    createdAt: account.createdAt.toISOString(),
  };
}
