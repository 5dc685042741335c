import { becomesDeciding } from '../../../contract/deciding-users';
import type { GroupKey } from '../../../contract/groups';
import {
  type BankProfile,
  hasProfiles,
  isBroker,
  menuProfileName,
  needsBank,
  needsSecondAdmin,
  type UserCreateBody,
  userCreateSchema,
  userUpdateSchema,
} from '../../../contract/staff-users';
import type { StaffUserView } from '../../../contract/api/users';

/**
 * The add / edit staff user form: its values as typed, the checks of the contract's schema
 * before anything is sent, and where a server refusal belongs.
 */
export type UserField = 'username' | 'name' | 'group' | 'bankId' | 'profile' | 'members' | 'phone' | 'email';

/** Keys under the page's `errors` messages. */
export type UserFieldError = Exclude<UserField, 'group'> | 'usernameTaken' | 'bankNotFound' | 'memberNotFound';
export type UserErrors = Partial<Record<UserField, UserFieldError>>;

export interface UserValues {
  username: string;
  name: string;
  group: GroupKey;
  /** A bank id as the select holds it, '' for none. */
  bankId: string;
  profile: BankProfile | '';
  /** An AFTU master's member ids as the checkboxes hold them, comma-separated ('' for none). */
  members: string;
  phone: string;
  email: string;
}

export const USER_FIELDS: readonly UserField[] = [
  'username',
  'name',
  'group',
  'bankId',
  'profile',
  'members',
  'phone',
  'email',
];

export const EMPTY_USER: UserValues = {
  username: '',
  name: '',
  group: 'agent',
  bankId: '',
  profile: '',
  members: '',
  phone: '',
  email: '',
};

/** The member ids of a `members` value. */
export const memberIds = (members: string) => (members ? members.split(',') : []);

export function valuesOf(user: StaffUserView): UserValues {
  return {
    username: user.username,
    name: user.name,
    group: user.group,
    bankId: user.bank ? String(user.bank.id) : '',
    profile: user.profile ?? '',
    members: user.members.map((m) => m.memberId).join(','),
    phone: user.phone ?? '',
    email: user.email ?? '',
  };
}

/** What the API receives; a bank and a profile only for the groups that have them. */
export function userBody(values: UserValues): UserCreateBody {
  return {
    username: values.username.trim(),
    name: values.name.trim(),
    group: values.group,
    bankId: needsBank(values.group) && values.bankId ? Number(values.bankId) : null,
    profile: hasProfiles(values.group) && values.profile ? values.profile : null,
    members: isBroker(values.group) ? memberIds(values.members) : [],
    phone: values.phone.trim() || null,
    email: values.email.trim() || null,
  };
}

/** The schema's verdict, one message key per field; an edit never changes the username. */
export function validateUser(values: UserValues, editing: boolean): UserErrors {
  const body = userBody(values);
  const result = editing ? userUpdateSchema.safeParse(body) : userCreateSchema.safeParse(body);
  if (result.success) return {};
  const errors: UserErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'username' || field === 'name' || field === 'bankId' || field === 'profile') errors[field] ??= field;
    if (field === 'members') errors[field] ??= field;
    if (field === 'phone' || field === 'email') errors[field] ??= field;
  }
  return errors;
}

/**
 * What the form says before saving, when saving waits for a second administrator: what the API
 * decides with the same rules, the user's profile read as the menus read it. A new deciding
 * user, and one who starts deciding, get a one-time password in two halves (decision 031).
 */
export function secondAdminNotice(
  values: UserValues,
  editing: StaffUserView | null,
): 'secondAdmin' | 'secondAdminNew' | 'secondAdminPromoted' | null {
  const body = userBody(values);
  const next = { group: body.group, profile: body.profile ?? null, bankId: body.bankId, members: body.members };
  if (!editing) return needsSecondAdmin(next) ? 'secondAdminNew' : null;
  const before = {
    group: editing.group,
    profile: menuProfileName(editing),
    bankId: editing.bank?.id ?? null,
    members: editing.members.map((m) => m.memberId),
  };
  if (!needsSecondAdmin(next, before)) return null;
  return becomesDeciding(next, before) ? 'secondAdminPromoted' : 'secondAdmin';
}

/** A refusal that names a field of the form, and the message it shows there. */
export function placeUserError(code: string | null): { field: UserField; error: UserFieldError } | null {
  switch (code) {
    case 'USERNAME_TAKEN':
      return { field: 'username', error: 'usernameTaken' };
    case 'BANK_NOT_FOUND':
      return { field: 'bankId', error: 'bankNotFound' };
    case 'MEMBER_NOT_FOUND':
      return { field: 'members', error: 'memberNotFound' };
    default:
      return null;
  }
}
