import { BULK_OPERATIONS, bulkOperation } from '../bulk';
import { KYC_CASE_LISTS } from '../presence';
import { REGISTRATION_FORMS } from '../registration-forms';
import { findReport, REPORTS } from '../reports';
import { AUTHORIZE_PATH, findTransferFlow, TRANSFER_FLOWS } from '../transfers';
import { BALANCE_IDS, REPARTITION_BANKS } from './balance-routes';
import { ACCOUNT_DETAIL_PATH, detailOpeners, TRANSACTION_DETAIL_PATH } from './detail-routes';
import { matchPath } from './routes';

/**
 * Which dashboard pages each API operation serves. A signed-in caller may use an operation
 * exactly when its menu (menus.ts) links to one of those pages; otherwise the answer is 403
 * (docs/decisions/001-menu-is-the-api-authority.md). Operations missing here are refused to everyone: a new endpoint is closed
 * until it says which page it serves (and the authorization matrix test lists it).
 *
 * Keys are `METHOD path` as the OpenAPI document writes them. Page lists may use a route
 * pattern (`/balance-aftu-partner/$memberId`): any link matching it counts.
 *
 * The API and the tests read this table; the dashboard does not, and must not: it reads the
 * zod schemas of the registration forms, which stay out of the dashboard's main bundle.
 */
export type Access =
  /** No session needed (login, the wallet app's public reads). */
  | { kind: 'public' }
  /** Any signed-in user: the shell itself (home, session, own associated members, pickers). */
  | { kind: 'session' }
  | { kind: 'pages'; pages: (params: Record<string, string>) => readonly string[] };

const PUBLIC: Access = { kind: 'public' };
const SESSION: Access = { kind: 'session' };
const pages = (list: readonly string[] | ((params: Record<string, string>) => readonly string[])): Access => ({
  kind: 'pages',
  pages: typeof list === 'function' ? list : () => list,
});

const KYC_LISTS = KYC_CASE_LISTS;
const KYC_PAGES = [...KYC_LISTS, '/upload-document'];
const REGISTRATION_PAGES = Object.values(REGISTRATION_FORMS).map((f) => f.route);
const FLOW_PAGES = TRANSFER_FLOWS.map((f) => f.path);
const BULK_PAGES = BULK_OPERATIONS.map((op) => op.path);
/** The pages of the operations whose batches wait for a second person, who decides them there. */
const BULK_APPROVAL_PAGES = BULK_OPERATIONS.filter((op) => op.needsApproval).map((op) => op.path);
const REPORT_PAGES = REPORTS.map((r) => r.path);
const QR_PAGES = ['/generate-qr', '/unlink-qr'];

/** Whoever may open a KYC case or an inbox request may say they have it open. */
const presencePages = (p: Record<string, string>) => (p.kind === 'kyc' ? KYC_LISTS : [AUTHORIZE_PATH]);

const reportPages = (id: string | undefined) => {
  const report = id ? findReport(id) : undefined;
  return report ? [report.path] : [];
};

const flowPages = (id: string | undefined) => {
  const flow = id ? findTransferFlow(id) : undefined;
  return flow ? [flow.path] : [];
};

const bulkPages = (kind: string | undefined) => {
  const op = kind ? bulkOperation(kind) : undefined;
  return op ? [op.path] : [];
};

const balancePages = (balanceId: string | undefined) =>
  Object.entries(BALANCE_IDS)
    .filter(([, id]) => id === balanceId)
    .map(([path]) => path);

/**
 * What a session signed in with a one-time password may call until it sets a password of its
 * own (users.must_change_password): the change itself, and what keeps or ends the session.
 */
export const OPEN_BEFORE_PASSWORD_CHANGE: ReadonlySet<string> = new Set([
  'POST /auth/password',
  'POST /auth/logout',
  'GET /auth/me',
  'GET /auth/session',
  'POST /auth/session/keep-alive',
]);

export const ENDPOINT_ACCESS: Readonly<Record<string, Access>> = {
  // Session and shell.
  'GET /health': PUBLIC,
  'GET /health/live': PUBLIC,
  'GET /health/ready': PUBLIC,
  // The wallet app shows the current banners without a back-office session.
  'GET /banners/active': PUBLIC,
  'POST /auth/login': PUBLIC,
  'POST /auth/login/two-factor': PUBLIC,
  // Ends the session it names, if any: without one there is nothing to end, and it still answers 200.
  'POST /auth/logout': PUBLIC,
  'POST /auth/password': SESSION,
  'GET /auth/me': SESSION,
  'GET /auth/session': SESSION,
  'POST /auth/session/keep-alive': SESSION,
  'GET /dashboard/summary': SESSION,
  // The resource itself refuses anyone but the broker listing its own members.
  'GET /members/merchant-partner/associated-members': SESSION,
  // Every bank picker (transfers, registration, report filters) reads the active banks.
  'GET /banks/options': SESSION,

  // Reports, exports, balances.
  'GET /reports/{reportId}': pages((p) => reportPages(p.reportId)),
  'POST /reports/{reportId}/exports': pages((p) => reportPages(p.reportId)),
  'GET /exports': pages(REPORT_PAGES),
  'GET /exports/{id}': pages(REPORT_PAGES),
  // The link carries its own capability key (a plain <a href> cannot send the session header).
  'GET /exports/{id}/download': PUBLIC,
  'GET /balances/{balanceId}': pages((p) => balancePages(p.balanceId)),
  'GET /balances/repartition/{bankCode}': pages((p) =>
    Object.entries(REPARTITION_BANKS)
      .filter(([, code]) => code === p.bankCode?.toUpperCase())
      .map(([path]) => path),
  ),

  // One report row, opened from the reports that list it (detail-routes.ts).
  'GET /transactions/{reference}': pages(detailOpeners(TRANSACTION_DETAIL_PATH)),
  'GET /accounts/{number}': pages(detailOpeners(ACCOUNT_DETAIL_PATH)),
  'GET /search': pages([...detailOpeners(TRANSACTION_DETAIL_PATH), ...detailOpeners(ACCOUNT_DETAIL_PATH)]),
  'GET /search/parties': pages([...detailOpeners(TRANSACTION_DETAIL_PATH), ...detailOpeners(ACCOUNT_DETAIL_PATH)]),

  // Money movement and maker-checker.
  'GET /transfers/{flowId}/options': pages((p) => flowPages(p.flowId)),
  'POST /transfers/{flowId}/quote': pages((p) => flowPages(p.flowId)),
  'POST /transfers/{flowId}/withdrawal-code': pages((p) => flowPages(p.flowId)),
  'POST /transfers/{flowId}': pages((p) => flowPages(p.flowId)),
  'GET /transfer-receipts/{reference}': pages([...FLOW_PAGES, AUTHORIZE_PATH]),
  // Makers follow their own requests from the transfer pages; checkers decide them.
  'GET /approvals': pages([AUTHORIZE_PATH, ...FLOW_PAGES]),
  'GET /approvals/{id}': pages([AUTHORIZE_PATH, ...FLOW_PAGES]),
  'POST /approvals/decisions': pages([AUTHORIZE_PATH]),
  'POST /approvals/{id}/approve': pages([AUTHORIZE_PATH]),
  'POST /approvals/{id}/reject': pages([AUTHORIZE_PATH]),
  'GET /inbox': pages([AUTHORIZE_PATH]),
  'GET /inbox/count': pages([AUTHORIZE_PATH]),
  // The stream also tells KYC reviewers who has a case open (docs/decisions/050-who-has-this-open.md).
  'GET /inbox/stream': pages([AUTHORIZE_PATH, ...KYC_LISTS]),
  'POST /inbox/{kind}/{id}/decision': pages([AUTHORIZE_PATH]),
  'PUT /presence/{kind}/{id}': pages(presencePages),
  'DELETE /presence/{kind}/{id}': pages(presencePages),

  // Bulk operations.
  'GET /bulk/payment/payers': pages(['/bulk-payment']),
  'POST /bulk/{kind}/check': pages((p) => bulkPages(p.kind)),
  'POST /bulk/{kind}/batches': pages((p) => bulkPages(p.kind)),
  'GET /bulk/{kind}/batches': pages((p) => bulkPages(p.kind)),
  'GET /bulk-batches/{id}': pages(BULK_PAGES),
  'GET /bulk-batches/{id}/results': pages(BULK_PAGES),
  'POST /bulk-batches/{id}/decision': pages(BULK_APPROVAL_PAGES),

  // KYC, registration, students, network.
  // Partners have no review list of their own: the admin reads them for the partner registration.
  'GET /kyc/{kind}': pages((p) =>
    p.kind === 'partners' ? ['/registration/partner'] : KYC_LISTS.includes(`/${p.kind}`) ? [`/${p.kind}`] : [],
  ),
  'GET /kyc/accounts/{number}': pages(KYC_PAGES),
  'POST /kyc/accounts/{number}/decision': pages(KYC_LISTS),
  'POST /kyc/accounts/{number}/documents': pages(KYC_PAGES),
  'GET /kyc/documents/{id}/content': pages(KYC_PAGES),
  'GET /registrations/availability': pages([...REGISTRATION_PAGES, '/onboard-student']),
  'POST /registrations/agent': pages(['/registration/agent']),
  'POST /registrations/customer': pages(['/registration/customer']),
  'POST /registrations/hybrid-merchant': pages(['/registration/hybrid-merchant']),
  'POST /registrations/partner': pages(['/registration/partner']),
  'POST /students': pages(['/onboard-student']),
  'GET /students': pages(['/my-students']),
  'GET /network/tree': pages(['/network/head']),

  // Settings and security.
  'GET /fees': pages(['/fees']),
  'GET /fees/history': pages(['/fees']),
  'POST /fees/preview': pages(['/fees']),
  'PUT /fees/{flowId}': pages(['/fees']),
  'GET /settings/limits': pages(['/fees']),
  'PUT /settings/limits': pages(['/fees']),
  'GET /banks': pages(['/banks']),
  'GET /banks/float-accounts': pages(['/banks']),
  'POST /banks': pages(['/banks']),
  'PUT /banks/{id}': pages(['/banks']),
  'POST /banks/{id}/activate': pages(['/banks']),
  'POST /banks/{id}/deactivate': pages(['/banks']),
  'GET /users': pages(['/users']),
  'GET /users/aftu-members': pages(['/users']),
  'POST /users': pages(['/users']),
  'PUT /users/{id}': pages(['/users']),
  'POST /users/{id}/deactivate': pages(['/users']),
  'POST /users/{id}/reactivate': pages(['/users']),
  'POST /users/{id}/password-reset': pages(['/users']),
  'POST /users/{id}/unlock': pages(['/users']),
  'POST /users/{id}/two-factor/reset': pages(['/users']),
  'GET /qr-codes': pages(QR_PAGES),
  'GET /qr-codes/merchants': pages(QR_PAGES),
  'POST /qr-codes': pages(['/generate-qr']),
  'GET /qr-codes/{code}': pages(QR_PAGES),
  'GET /qr-codes/{code}/details': pages(QR_PAGES),
  'GET /qr-codes/{code}/image': pages(QR_PAGES),
  'POST /qr-codes/{code}/unlink': pages(['/unlink-qr']),
  'GET /two-factor': pages(['/two-factor']),
  'POST /two-factor/enrolment': pages(['/two-factor']),
  'POST /two-factor/enrolment/confirm': pages(['/two-factor']),
  'POST /two-factor/disable': pages(['/two-factor']),
  'POST /two-factor/recovery-codes': pages(['/two-factor']),
  'GET /two-factor/users/{username}': pages(['/two-factor']),
  'POST /two-factor/users/{username}/reset': pages(['/two-factor']),
  'GET /wallet-migrations': pages(['/migration']),
  'GET /wallet-migrations/wallet': pages(['/migration']),
  'POST /wallet-migrations': pages(['/migration']),
  'POST /wallet-migrations/{id}/decision': pages(['/migration']),
  'GET /banners': pages(['/banner']),
  'POST /banners': pages(['/banner']),
  'PUT /banners/{id}': pages(['/banner']),
  'DELETE /banners/{id}': pages(['/banner']),
  'POST /banners/{id}/move': pages(['/banner']),
  'POST /banners/{id}/status': pages(['/banner']),
  // Public like banners/active: the wallet app loads the images; the hash in the URL names the image.
  'GET /banners/{id}/image': PUBLIC,
  'GET /chargebacks': pages(['/chargeback-voucher']),
  'GET /chargeback-transactions/{reference}': pages(['/chargeback-voucher']),
  'POST /chargebacks': pages(['/chargeback-voucher']),
  'POST /chargebacks/{id}/decision': pages(['/chargeback-voucher']),
  'GET /audit-events': pages(['/audit-trail']),
  'GET /audit-events/actions': pages(['/audit-trail']),
  'GET /audit-events/export': pages(['/audit-trail']),
};

/** True when a menu's links include one of the pages (a page may be a route pattern). */
export function linksOpenAny(links: readonly string[], pages: readonly string[]): boolean {
  return pages.some(
    (page) =>
      page !== '' && links.some((link) => link === page || (page.includes('$') && matchPath(page, link) !== undefined)),
  );
}
