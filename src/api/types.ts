export interface Profile {
  id: number;
  name: string;
  username: string;
}

export interface Bank {
  id: number;
  code: string;
  name: string;
  bankGroup: string | null;
}

export interface AccountData {
  number: string;
  kind: string;
  label: string;
  currency: string;
  balance: number;
  status: string;
}

/** The user object of DESIGN.md §3, as `POST auth/login` returns it. */
export interface CurrentUser {
  sessionId: string;
  profile: Profile;
  groupDetails: { groupId: number };
  bankId: number | null;
  bankList: Bank[];
  accountsData: AccountData[];
}

export interface MemberDetails {
  memberId: string;
  memberName: string;
}
