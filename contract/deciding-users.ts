import { type GroupKey, hasAdminMenu } from './groups';
import { menuFor, menuLinks } from './navigation/menus';
import { AUTHORIZE_PATH } from './transfers';

/**
 * Who decides something: a user whose menu opens a page where they approve or refuse what
 * someone else asked (docs/decisions/032-deciding-users.md). Their credentials and what they may
 * decide change only with a second administrator (docs/decisions/031-credentials-in-two-halves.md).
 */

/**
 * The pages that hold a decision: the approvals inbox (transfers, bulk payments, chargebacks,
 * wallet and administrative changes), the KYC review lists, wallet migrations and chargebacks.
 * The admin menu decides everything else as well (staff accounts, fees, limits, bulk payments).
 * contract/deciding-users.test.ts checks this list against every deciding operation of the API.
 */
export const DECIDING_PAGES: readonly string[] = [
  AUTHORIZE_PATH,
  '/customers',
  '/agents',
  '/merchants',
  '/migration',
  '/chargeback-voucher',
];

/** What a user's decisions follow: the group, the profile the menu reads, the bank, the members. */
export interface DecisionReach {
  group: GroupKey;
  /** The profile as the menus read it (a bank user's Checker, Bridge…); `null` for other groups. */
  profile: string | null;
  bankId?: number | null | undefined;
  /** An AFTU master's members (their member ids). */
  members?: readonly string[] | undefined;
}

/** The deciding pages this user's menu opens. */
export function decidingPagesOf(user: DecisionReach): string[] {
  const links = menuLinks(
    menuFor({
      group: user.group,
      profileName: user.profile ?? '',
      members: (user.members ?? []).map((memberId) => ({ memberId, memberName: memberId })),
    }),
  );
  return DECIDING_PAGES.filter((page) => links.includes(page));
}

/**
 * Administrators (the admin menu's groups), bank Checkers and Bridge Checkers, support, KYC
 * reviewers, supervisors: anyone who approves or refuses what someone else asked.
 */
export function isDecidingUser(user: DecisionReach): boolean {
  return hasAdminMenu(user.group) || decidingPagesOf(user).length > 0;
}

const sameGroupAndBank = (a: DecisionReach, b: DecisionReach) =>
  a.group === b.group && (a.bankId ?? null) === (b.bankId ?? null);

/**
 * The change gives the user a decision they did not have: a deciding page, the inbox under
 * another group or bank (what the inbox lets one decide follows both: a Checker decides its own
 * bank's transfers, support decides wallet changes), or another member. A change that only takes
 * decisions away does not widen.
 */
export function widensDecisions(next: DecisionReach, before?: DecisionReach): boolean {
  const pages = decidingPagesOf(next);
  if (pages.length === 0) return false;
  if (!before) return true;
  const had = new Set(decidingPagesOf(before));
  if (pages.some((page) => !had.has(page))) return true;
  if (pages.includes(AUTHORIZE_PATH) && !sameGroupAndBank(next, before)) return true;
  const members = new Set(before.members ?? []);
  return (next.members ?? []).some((member) => !members.has(member));
}

/**
 * The change makes a user who decided nothing a deciding user. Whatever password they had may be
 * known to one administrator (a one-step reset of a user who decided nothing shows it whole), so
 * the approval gives them a new one-time password in two halves (decision 031).
 */
export const becomesDeciding = (next: DecisionReach, before: DecisionReach) =>
  isDecidingUser(next) && !isDecidingUser(before);
