import { z } from 'zod';
import { noControlCharacters } from './fields';
import { GROUP_KEYS, type GroupKey, hasAdminMenu } from './groups';
import type { ChangeKind } from './change-requests';
import { type DecisionReach, widensDecisions } from './deciding-users';
import type { LocalizedText } from './navigation/types';

/**
 * Staff accounts (/users; docs/settings.md "Staff accounts"; decision 025). The API validates with
 * these schemas and the dashboard's form checks the same rules before sending.
 */

/**
 * How a group is named where staff accounts are managed. A network master's or gerant's
 * network follows from the group itself (their reports are scoped by it), so the label says it.
 */
export const GROUP_LABELS: Record<GroupKey, LocalizedText> = {
  admin: { en: 'Administrator', fr: 'Administrateur' },
  agent: { en: 'Agent', fr: 'Agent' },
  merchant: { en: 'Merchant', fr: 'Marchand' },
  bank: { en: 'Bank', fr: 'Banque' },
  reportAdmin: { en: 'Report admin', fr: 'Administrateur des rapports' },
  kycAdmin: { en: 'KYC admin', fr: 'Administrateur KYC' },
  supportSupervisor: { en: 'Support supervisor', fr: 'Superviseur du support' },
  zoneSalesManager: { en: 'Zone sales manager', fr: 'Responsable commercial de zone' },
  edkMaster: { en: 'EDK master (whole EDK network)', fr: 'Master EDK (tout le réseau EDK)' },
  lowPriceMaster: { en: 'Low Price master (Low Price network)', fr: 'Master Low Price (réseau Low Price)' },
  tefessMaster: { en: 'Tefess master (Tefess network)', fr: 'Master Tefess (réseau Tefess)' },
  djoloffMaster: { en: 'Djoloff master (Djoloff network)', fr: 'Master Djoloff (réseau Djoloff)' },
  dddReportAdmin: { en: 'Dakar Dem Dikk reports', fr: 'Rapports Dakar Dem Dikk' },
  orangeTopupReport: { en: 'Orange top-up reports', fr: 'Rapports recharges Orange' },
  adFinanceReport: { en: 'Ad-Finance reports', fr: 'Rapports Ad-Finance' },
  gerantLowPrice: { en: 'Gerant (Low Price network)', fr: 'Gérant (réseau Low Price)' },
  gerantTefess: { en: 'Gerant (Tefess network)', fr: 'Gérant (réseau Tefess)' },
  gerantDjoloff: { en: 'Gerant (Djoloff network)', fr: 'Gérant (réseau Djoloff)' },
  merchantHead: { en: 'Merchant head', fr: 'Tête de chaîne marchande' },
  merchantMaster: { en: 'Merchant master', fr: 'Master marchand' },
  merchantLocation: { en: 'Merchant location', fr: 'Point de vente marchand' },
  networkSupervisor: { en: 'Network supervisor (admin menu)', fr: 'Superviseur réseau (menu administrateur)' },
  aftuMaster: { en: 'AFTU master (broker)', fr: 'Master AFTU (courtier)' },
  gieAftu: { en: 'GIE AFTU', fr: 'GIE AFTU' },
  transvie: { en: 'Transvie', fr: 'Transvie' },
  bbgBank: { en: 'BBG bank group', fr: 'Groupe bancaire BBG' },
  bisBank: { en: 'BIS bank group', fr: 'Groupe bancaire BIS' },
  rapidoManager: { en: 'Rapido manager', fr: 'Gestionnaire Rapido' },
  supportPlus: { en: 'Support-plus', fr: 'Support-plus' },
  aquatech: { en: 'Aquatech', fr: 'Aquatech' },
  seohAdmin: { en: 'SEOH', fr: 'SEOH' },
  flexeauAdmin: { en: 'FlexEau', fr: 'FlexEau' },
};

/** Groups whose users work for one bank: the bank is required. */
const BANK_GROUPS: readonly GroupKey[] = ['bank', 'bbgBank', 'bisBank'];
export const needsBank = (group: GroupKey) => BANK_GROUPS.includes(group);

/**
 * The profiles a `bank` user may have, as the menus read them (contract/navigation/profile-names.ts):
 * Bridge users see the BBG reports, Checkers authorise their bank's transfers. Chosen from this
 * list, never typed, so a profile always means what the menu makes of it.
 */
export const BANK_PROFILES = ['Teller', 'Checker', 'Bridge', 'Bridge Checker'] as const;
export type BankProfile = (typeof BANK_PROFILES)[number];

export const BANK_PROFILE_LABELS: Record<BankProfile, LocalizedText> = {
  Teller: { en: 'Teller', fr: 'Guichetier' },
  Checker: { en: 'Checker (authorises transfers)', fr: 'Vérificateur (autorise les transferts)' },
  Bridge: { en: 'Bridge (BBG reports)', fr: 'Bridge (rapports BBG)' },
  'Bridge Checker': { en: 'Bridge Checker', fr: 'Vérificateur Bridge' },
};

/**
 * An AFTU master is a broker: its menu has one section per transport member it represents
 * (associated members), chosen from the AFTU members' accounts when the user is created or edited.
 */
export const isBroker = (group: GroupKey) => group === 'aftuMaster';

/** Only the `bank` group has profiles; every other group's menu follows its group alone. */
export const hasProfiles = (group: GroupKey) => group === 'bank';

/** What the menus read as the profile name: the chosen profile, or (older users) the name. */
export const menuProfileName = (user: { name: string; profile: string | null }) => user.profile ?? user.name;

/**
 * A change that needs a second administrator (maker-checker, decisions 025 and 032): any user who
 * has or gets the admin menu, and any change that widens what a user may decide (a new deciding
 * user, a new deciding page, the inbox under another group or bank, another member). `before`
 * carries the profile the menus read (`menuProfileName`), so older users count as they sign in.
 */
export function needsSecondAdmin(next: DecisionReach, before?: DecisionReach): boolean {
  if (hasAdminMenu(next.group) || (before && hasAdminMenu(before.group))) return true;
  return widensDecisions(next, before);
}

const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{1,63}$/;
export const USERNAME_RULE =
  'A username is 2 to 64 letters, digits, dots, dashes, underscores or @, starting with a letter or digit.';
export const isUsername = (value: string) => USERNAME_PATTERN.test(value);

const text = (max: number, message: string) =>
  z
    .string()
    .trim()
    .min(2, message)
    .max(max, message)
    .refine(noControlCharacters, 'Must not contain control characters');

const optionalText = (max: number) =>
  z.string().trim().max(max).refine(noControlCharacters, 'Must not contain control characters').nullable().optional();

const MAX_ID = 2_147_483_647;
const MEMBER_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

/** The editable part of a staff account: what the menus depend on (group, bank, profile) and who it is. */
const userFieldsShape = {
  name: text(80, 'Enter the full name (2 to 80 characters)'),
  group: z.enum(GROUP_KEYS),
  bankId: z.number().int().positive().max(MAX_ID).nullable().optional(),
  profile: z.enum(BANK_PROFILES).nullable().optional(),
  phone: optionalText(20),
  email: optionalText(120),
  /** An AFTU master's members (their member ids); nobody else has any. */
  members: z.array(z.string().regex(MEMBER_ID_PATTERN, 'An AFTU member id')).max(100).optional(),
};

type Fields = { group: GroupKey; bankId?: number | null; profile?: string | null; members?: string[] };

/** A bank group needs its bank; a `bank` user needs a profile; nobody else has either. */
function checkProfile(value: Fields, ctx: z.RefinementCtx) {
  if (needsBank(value.group) && !value.bankId) {
    ctx.addIssue({ code: 'custom', path: ['bankId'], message: 'Choose the bank this user works for' });
  }
  if (!needsBank(value.group) && value.bankId) {
    ctx.addIssue({ code: 'custom', path: ['bankId'], message: 'Only bank users work for a bank' });
  }
  if (hasProfiles(value.group) && !value.profile) {
    ctx.addIssue({ code: 'custom', path: ['profile'], message: 'Choose the profile from the list' });
  }
  if (!hasProfiles(value.group) && value.profile) {
    ctx.addIssue({ code: 'custom', path: ['profile'], message: 'Only bank users have a profile' });
  }
  const members = value.members ?? [];
  if (isBroker(value.group) && members.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['members'], message: 'Choose the AFTU members this broker represents' });
  }
  if (!isBroker(value.group) && members.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['members'], message: 'Only an AFTU master represents members' });
  }
  if (new Set(members).size !== members.length) {
    ctx.addIssue({ code: 'custom', path: ['members'], message: 'Each member once' });
  }
}

export const userUpdateSchema = z.object(userFieldsShape).superRefine(checkProfile);
export const userCreateSchema = z
  .object({
    username: z.string().trim().regex(USERNAME_PATTERN, USERNAME_RULE),
    ...userFieldsShape,
  })
  .superRefine(checkProfile);
export type UserCreateBody = z.input<typeof userCreateSchema>;
export type UserFields = z.output<typeof userUpdateSchema>;
export type NewStaffUser = z.output<typeof userCreateSchema>;

export const USER_STATUSES = ['active', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const userListQuerySchema = z.object({
  /** Part of the username or the name. */
  q: z.string().trim().max(80).refine(noControlCharacters, 'Must not contain control characters').optional(),
  group: z.enum(GROUP_KEYS).optional(),
  status: z.enum(USER_STATUSES).optional(),
  /** Only this user: a link that opens one staff user (an inbox row's). */
  id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

/** The changes of staff accounts that may wait for a second administrator. */
export const STAFF_CHANGE_KINDS = [
  'user.create',
  'user.update',
  'user.passwordReset',
  'user.twoFactorReset',
  'user.unlock',
  'user.reactivate',
] as const satisfies readonly ChangeKind[];
export type StaffChangeKind = (typeof STAFF_CHANGE_KINDS)[number];

/** Changes whose approval hands the approving administrator the second half of a one-time password. */
export const CHANGES_WITH_SECOND_HALF = [
  'user.create',
  'user.passwordReset',
] as const satisfies readonly StaffChangeKind[];
