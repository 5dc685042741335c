import { GROUP_KEYS, type GroupKey } from '../../contract/groups';
import { REPORTS } from '../../contract/reports';
import { AUTHORIZE_PATH, TRANSFER_FLOWS } from '../../contract/transfers';
import { BALANCE_IDS, REPARTITION_BANKS } from '../../contract/navigation/balance-routes';
import { ACCOUNT_DETAIL_PATH, DETAIL_ROUTES, TRANSACTION_DETAIL_PATH } from '../../contract/navigation/detail-routes';
import { menuFor, menuLinks } from '../../contract/navigation/menus';
import { matchPath, ROUTE_PATHS, ROUTES } from '../../contract/navigation/routes';
import type { MenuContext } from '../../contract/navigation/types';
import type { PageDef } from './page-def';

const BANK_PROFILE_NAMES = ['Bank', 'Bank Checker', 'Bridge Bank', 'Bridge Bank Checker'] as const;
const SAMPLE_MEMBERS = [{ memberId: 'SAMPLE-MEMBER', memberName: 'Sample member' }] as const;

/**
 * One context per menu a group can see: the four bank variants, and the AFTU master with a
 * member so its per-member links exist. Page `groups` are computed from these.
 */
export const SAMPLE_CONTEXTS: readonly MenuContext[] = GROUP_KEYS.flatMap((group): MenuContext[] => {
  if (group === 'bank') return BANK_PROFILE_NAMES.map((profileName) => ({ group, profileName, members: [] }));
  return [{ group, profileName: '', members: group === 'aftuMaster' ? SAMPLE_MEMBERS : [] }];
});

/**
 * Every link of a user's menu, built once per menu context: the page host asks for each page
 * and link it shows whether the user may open it, and building the menu each time was most of
 * a first click's script time (docs/performance.md). Contexts are never changed once made.
 */
const linksByContext = new WeakMap<MenuContext, readonly string[]>();
function linksOf(ctx: MenuContext): readonly string[] {
  let links = linksByContext.get(ctx);
  if (!links) {
    links = menuLinks(menuFor(ctx));
    linksByContext.set(ctx, links);
  }
  return links;
}

function groupsLinkingTo(paths: readonly string[]): GroupKey[] {
  const groups = new Set<GroupKey>();
  for (const ctx of SAMPLE_CONTEXTS) {
    if (linksOf(ctx).some((to) => paths.some((path) => matchPath(path, to)))) groups.add(ctx.group);
  }
  return GROUP_KEYS.filter((g) => groups.has(g));
}

/**
 * A page's `groups`, worked out when first read (by tests and tools): every page against every
 * group's menu is too much to do while a signed-in user waits for the page host to start.
 */
function withGroups(page: Omit<PageDef, 'groups'>, linkedFrom: readonly string[]): PageDef {
  let groups: readonly GroupKey[] | undefined;
  return Object.defineProperty(page, 'groups', {
    enumerable: true,
    get: () => {
      groups ??= groupsLinkingTo(linkedFrom);
      return groups;
    },
  }) as PageDef;
}

type Loader = PageDef['load'];

/**
 * The registration routes, written out: contract/registration.ts imports zod, which belongs
 * in the lazy page chunk, not in the main bundle that this registry is part of.
 */
const REGISTRATION_ROUTES = [
  '/registration/agent',
  '/registration/customer',
  '/registration/hybrid-merchant',
  '/registration/partner',
];

/** The bulk operations' routes (contract/bulk.ts), written out for the same reason. */
export const BULK_ROUTES = ['/bulk-payment', '/bulk-change-bank', '/bulk-fee-override', '/bulk-fee-removal'];

/** Built pages, by path: each issue adds the paths its page serves (lazy-loaded chunks). */
const LOADERS: ReadonlyArray<readonly [readonly string[], Loader]> = [
  // One generic page renders every report of contract/reports.ts.
  [REPORTS.map((r) => r.path), () => import('../features/reports/ReportPage')],
  [Object.keys(BALANCE_IDS), () => import('../features/balances/BalancePage')],
  [Object.keys(REPARTITION_BANKS), () => import('../features/balances/RepartitionPage')],
  // One generic page renders every money flow of contract/transfers.ts, and the checkers' page.
  [TRANSFER_FLOWS.map((f) => f.path), () => import('../features/transfers/TransferPage')],
  [[AUTHORIZE_PATH], () => import('../features/transfers/AuthorizePage')],
  // The merchant chain seen from its head, master or location.
  [['/network/head'], () => import('../features/network/NetworkTreePage')],
  // KYC review lists (one generic page), document upload, registration forms, students.
  [['/customers', '/agents', '/merchants'], () => import('../features/kyc/ReviewListPage')],
  [['/upload-document'], () => import('../features/kyc/UploadDocumentPage')],
  [REGISTRATION_ROUTES, () => import('../features/registration/RegistrationPage')],
  [['/onboard-student'], () => import('../features/students/OnboardStudentPage')],
  [['/my-students'], () => import('../features/students/MyStudentsPage')],
  // Two-factor sign-in (own set-up, an admin's reset).
  [['/two-factor'], () => import('../features/two-factor/TwoFactorPage')],
  // Banks, merchant QR codes and the audit trail.
  [['/banks'], () => import('../features/banks/BanksPage')],
  [['/generate-qr'], () => import('../features/qr/GenerateQrPage')],
  [['/unlink-qr'], () => import('../features/qr/UnlinkQrPage')],
  [['/audit-trail'], () => import('../features/audit/AuditTrailPage')],
  [['/users'], () => import('../features/users/UsersPage')],
  [['/fees'], () => import('../features/fees/FeesPage')],
  // Wallet migration, the wallet app's banners and chargebacks.
  [['/migration'], () => import('../features/migration/MigrationPage')],
  [['/banner'], () => import('../features/banners/BannersPage')],
  [['/chargeback-voucher'], () => import('../features/chargebacks/ChargebackPage')],
  // One page for the four bulk operations from files.
  [BULK_ROUTES, () => import('../features/bulk/BulkPage')],
];
const LOADER_BY_PATH = new Map<string, Loader>(
  LOADERS.flatMap(([paths, load]) => paths.map((p) => [p, load] as const)),
);

/** Every page a menu can link to. A route without a page fails at start, so no link can lead nowhere. */
export const PAGES: readonly PageDef[] = ROUTE_PATHS.map((path) => {
  const load = LOADER_BY_PATH.get(path);
  if (!load) throw new Error(`No page is registered for ${path} (src/registry/pages.ts LOADERS)`);
  return withGroups({ path, title: ROUTES[path].title, icon: ROUTES[path].icon, load }, [path]);
});

const DETAIL_LOADERS: Readonly<Record<string, Loader>> = {
  [TRANSACTION_DETAIL_PATH]: () => import('../features/details/TransactionPage'),
  [ACCOUNT_DETAIL_PATH]: () => import('../features/details/AccountPage'),
};

/** One report row's page: no menu links to it; the reports that list such rows do. */
const DETAIL_PAGES: readonly PageDef[] = Object.entries(DETAIL_ROUTES).map(([path, route]) => {
  const load = DETAIL_LOADERS[path];
  if (!load) throw new Error(`No page is registered for ${path} (src/registry/pages.ts DETAIL_LOADERS)`);
  return withGroups(
    { path, title: route.title, icon: route.icon, openedFrom: route.openedFrom, load },
    route.openedFrom,
  );
});
const ALL_PAGES = [...PAGES, ...DETAIL_PAGES];

export function findPage(pathname: string): { page: PageDef; params: Record<string, string> } | undefined {
  for (const page of ALL_PAGES) {
    const params = matchPath(page.path, pathname);
    if (params) return { page, params };
  }
  return undefined;
}

/**
 * True iff the user's menu links to this page. Given `params` (the route's, e.g. a memberId),
 * the link must carry those values, so the AFTU master opens only its own members' pages;
 * without them any link to the page counts.
 */
export function canOpenPage(page: PageDef, ctx: MenuContext, params: Record<string, string> = {}): boolean {
  const openers = page.openedFrom;
  if (openers) return linksOf(ctx).some((to) => openers.some((opener) => matchPath(opener, to)));
  return linksOf(ctx).some((to) => {
    const linked = matchPath(page.path, to);
    return linked !== undefined && Object.entries(linked).every(([name, value]) => (params[name] ?? value) === value);
  });
}
