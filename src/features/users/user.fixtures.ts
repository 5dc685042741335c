/**
 * Staff accounts as GET /users answers them, the banks and AFTU members the form offers, for the
 * catalogue's stories (no server). The catalogue's server applies every change at once: what
 * waits for a second administrator is the form's notice, not these answers.
 */
import type { BankOption } from '../../../contract/api/banks';
import type { AftuMemberOption, StaffUserChange, StaffUserPage, StaffUserView } from '../../../contract/api/users';
import type { UserCreateBody } from '../../../contract/staff-users';

export const BANKS: BankOption[] = [
  { id: 1, code: 'BIS', name: 'Banque Islamique du Sénégal', bankGroup: null, active: true },
  { id: 2, code: 'BBG', name: 'Bridge Bank Group', bankGroup: null, active: true },
  { id: 3, code: 'CBAO', name: 'CBAO Groupe Attijariwafa bank', bankGroup: null, active: false },
];

export const AFTU_MEMBERS: AftuMemberOption[] = [
  { memberId: 'AFTU-014', name: 'GIE Transport Rufisque' },
  { memberId: 'AFTU-027', name: 'GIE Mbour Express' },
];

export const TELLER: StaffUserView = {
  id: 14,
  username: 'fatou.sall',
  name: 'Fatou Sall',
  group: 'bank',
  bank: { id: 1, code: 'BIS', name: 'Banque Islamique du Sénégal' },
  profile: 'Teller',
  phone: '+221 77 645 21 90',
  email: 'fatou.sall@bis.sn',
  members: [],
  status: 'active',
  mustChangePassword: false,
  twoFactor: true,
  throttled: false,
  decides: false,
  createdAt: '2026-09-02T08:30:00.000Z',
};

export const USERS: StaffUserPage = { rows: [TELLER], total: 1, page: 1, pageSize: 25, pending: [] };

/** The user as saved: a new one gets its one-time password, shown once. */
export function saved(id: number | null, body: UserCreateBody): StaffUserChange {
  const bank = BANKS.find((b) => b.id === body.bankId);
  const user: StaffUserView = {
    ...TELLER,
    ...body,
    id: id ?? 15,
    bank: bank ? { id: bank.id, code: bank.code, name: bank.name } : null,
    members: AFTU_MEMBERS.filter((m) => (body.members ?? []).includes(m.memberId)),
    mustChangePassword: id === null,
    twoFactor: id === null ? false : TELLER.twoFactor,
  };
  return id === null ? { applied: true, user, oneTimePassword: 'kT4p-9QzX-mw2R' } : { applied: true, user };
}
