import type { SignedInUser } from '../../contract/api/auth';

interface Profile {
  id: number;
  name: string;
  username: string;
  /** What the menus read as the profile (Bridge, Checker); absent in users stored before it. */
  menuProfile?: string;
}

export interface Bank {
  id: number;
  code: string;
  name: string;
  bankGroup: string | null;
  /** False once deactivated on /banks: kept for reports, left out of pickers (absent in older stored lists). */
  active?: boolean;
}

interface AccountData {
  number: string;
  kind: string;
  label: string;
  currency: string;
  balance: number;
  status: string;
}

/** The user object (docs/api.md), as `POST auth/login` returns it. */
export interface CurrentUser {
  sessionId: string;
  profile: Profile;
  groupDetails: { groupId: number };
  bankId: number | null;
  bankList: Bank[];
  accountsData: AccountData[];
  /** The server's idle timeout, for the "stay signed in?" warning (absent in users stored before it). */
  sessionPolicy?: SignedInUser['sessionPolicy'];
  /** Signed in with a one-time password: /set-password comes before anything else. */
  mustChangePassword?: boolean;
}
