import type { GroupKey } from '../groups';
import type { KnownIconName } from './icon-names';
import { isBridgeProfile, isCheckerProfile } from './profile-names';
import { fillPath, matchPath, ROUTES, type RoutePath } from './routes';
import type { LocalizedText, MenuContext, MenuItem, MenuSection } from './types';

/** Section headings; the key is the section id the accordion remembers, so keep it stable. */
const SECTIONS = {
  banks: { title: { en: 'Banks', fr: 'Banques' }, icon: 'Landmark' },
  'kyc-review': { title: { en: 'KYC Review', fr: 'Vérification KYC' }, icon: 'ShieldCheck' },
  reports: { title: { en: 'Reports', fr: 'Rapports' }, icon: 'ChartColumn' },
  'transfer-reports': { title: { en: 'Transfer Reports', fr: 'Rapports de transferts' }, icon: 'FileText' },
  transfers: { title: { en: 'Transfers', fr: 'Transferts' }, icon: 'ArrowLeftRight' },
  settings: { title: { en: 'Settings', fr: 'Paramètres' }, icon: 'Settings' },
  registration: { title: { en: 'Registration', fr: 'Inscription' }, icon: 'UserPlus' },
  'bank-reports': { title: { en: 'Bank Reports', fr: 'Rapports bancaires' }, icon: 'FileChartColumn' },
  'bank-transfers': { title: { en: 'Bank Transfers', fr: 'Transferts bancaires' }, icon: 'Landmark' },
  'student-onboarding': {
    title: { en: 'Student Onboarding', fr: 'Inscription des étudiants' },
    icon: 'GraduationCap',
  },
  balances: { title: { en: 'Balances', fr: 'Soldes' }, icon: 'Wallet' },
  support: { title: { en: 'Support', fr: 'Assistance' }, icon: 'LifeBuoy' },
  network: { title: { en: 'Network', fr: 'Réseau' }, icon: 'Network' },
} satisfies Record<string, { title: LocalizedText; icon: KnownIconName }>;

type SectionId = keyof typeof SECTIONS;

type Condition = (ctx: MenuContext) => boolean;

/** A link by route; `when` keeps it only for some contexts, `title` overrides the page's own. */
type ItemSpec = RoutePath | { to: RoutePath; when?: Condition; title?: LocalizedText };

type SectionSpec = readonly [SectionId, readonly ItemSpec[]];

const isBridge: Condition = (ctx) => isBridgeProfile(ctx.profileName);
const isChecker: Condition = (ctx) => isCheckerProfile(ctx.profileName);
const isNotBridge: Condition = (ctx) => !isBridge(ctx);
const when = (c: Condition, to: RoutePath): ItemSpec => ({ to, when: c });

const ADMIN_MENU: readonly SectionSpec[] = [
  ['banks', ['/banks']],
  ['kyc-review', ['/customers', '/agents', '/merchants', '/upload-document']],
  [
    'reports',
    [
      '/reports/agent-hierarchy-report',
      '/reports/bank-wallet-report',
      '/reports/different-bank-transfer-report',
      '/reports/remaining-bank-kpay-wallet',
      '/reports/edk-distribution',
      '/reports/edk-tefess',
      '/reports/edk-low-price',
      '/reports/edk-djoloff',
      '/reports/pin-status-report',
      '/reports/registration-report',
      '/reports/tnt-report',
      '/reports/recharge-credit-report',
      '/reports/transaction-report',
      '/reports/activation-report',
      '/reports/wallet-balance',
      '/reports/woyofal-report',
      '/reports/dakar-dem-dik-report',
      '/reports/rapido-report',
      '/reports/seoh-report',
      '/reports/aquatech-report',
      '/reports/cashin-cashout-report',
      '/reports/blocked-user-request',
      '/reports/coupon-report',
      '/reports/report-transvie',
      '/reports/flexeau-report',
      '/remaining-bank-bbg-balance',
      '/remaining-bank-bis-balance',
      '/bbg-repartition',
      '/reports-bbg-bank',
      '/bis-repartition',
      '/reports-bis-bank',
    ],
  ],
  [
    'transfer-reports',
    [
      '/reports/transfer-report',
      '/reports/agent-reports',
      '/reports/e-money',
      '/reports/customer-report',
      '/reports/remaining-bank-balance',
    ],
  ],
  // /chargeback-voucher is support-plus's page; admins decide chargebacks there too (docs/product.md).
  [
    'transfers',
    [
      '/admin-cash-in',
      '/cash-out',
      '/admin-partner-cash-in',
      '/bulk-payment',
      '/authorize-transactions',
      '/chargeback-voucher',
    ],
  ],
  [
    'settings',
    [
      '/bulk-change-bank',
      '/bulk-fee-override',
      '/bulk-fee-removal',
      '/generate-qr',
      '/two-factor',
      '/migration',
      '/unlink-qr',
      '/banner',
      '/audit-trail',
      '/users',
      '/fees',
    ],
  ],
  [
    'registration',
    ['/registration/agent', '/registration/customer', '/registration/hybrid-merchant', '/registration/partner'],
  ],
];

/** Reports and balance of one distribution network or gerant. */
const reportAndBalance = (report: RoutePath, balance: RoutePath): readonly SectionSpec[] => [
  ['reports', [report]],
  ['balances', [balance]],
];

const onlyReports = (...reports: RoutePath[]): readonly SectionSpec[] => [['reports', reports]];

/**
 * Static menus by group (docs/product.md). A group without an entry here gets the admin menu,
 * as every group the product does not describe does (networkSupervisor among them).
 */
const MENUS: Partial<Record<GroupKey, readonly SectionSpec[]>> = {
  admin: ADMIN_MENU,
  agent: [
    ['reports', ['/reports/individual-transaction-report']],
    ['transfers', ['/cash-in', '/cash-out', '/bulk-payment']],
  ],
  merchant: onlyReports('/reports/individual-transaction-report', '/reports/received-report'),
  bank: [
    [
      'bank-reports',
      [
        '/reports/emoney-summary-report',
        '/reports/emoney-issued-report',
        '/reports/emoney-destroyed-report',
        when(isBridge, '/reports/declassify-account-report'),
        '/reports/remaining-bank-balance',
        '/reports/repartition-bank-balance',
        when(isBridge, '/reports-bbg-bank'),
        when(isNotBridge, '/reports-bis-bank'),
      ],
    ],
    ['bank-transfers', ['/bank-cash-in', '/bank-cash-out']],
    ['transfers', [when(isChecker, '/authorize-transactions')]],
  ],
  bbgBank: [
    [
      'bank-reports',
      [
        '/reports/declassify-account-report',
        '/reports/remaining-bank-balance',
        '/reports/repartition-bank-balance-group-bbg',
        '/reports-bbg-bank',
      ],
    ],
  ],
  bisBank: [
    [
      'bank-reports',
      ['/reports/remaining-bank-balance', '/reports/repartition-bank-balance-group-bis', '/reports-bis-bank'],
    ],
  ],
  kycAdmin: [['kyc-review', ['/customers', '/merchants']]],
  // "A subset of the admin reports", as the product describes it: the network-wide activity reports.
  reportAdmin: onlyReports(
    '/reports/aggregrate-report',
    '/reports/edk-report',
    '/reports/transaction-report',
    '/reports/wallet-balance',
    '/reports/registration-report',
    '/reports/activation-report',
    '/reports/cashin-cashout-report',
    '/reports/agent-hierarchy-report',
  ),
  zoneSalesManager: [
    ['registration', ['/registration/customer', '/registration/hybrid-merchant']],
    ['kyc-review', ['/customers', '/merchants', '/upload-document']],
    ['student-onboarding', ['/onboard-student', '/my-students']],
  ],
  edkMaster: [
    ['reports', ['/reports/edk-distribution', '/reports/edk-tefess', '/reports/edk-low-price', '/reports/edk-djoloff']],
    [
      'balances',
      ['/balance-edk-distribution', '/balance-edk-tefess', '/balance-edk-low-price', '/balance-edk-djoloff'],
    ],
  ],
  djoloffMaster: reportAndBalance('/reports/edk-djoloff', '/balance-edk-djoloff'),
  tefessMaster: reportAndBalance('/reports/edk-tefess', '/balance-edk-tefess'),
  lowPriceMaster: reportAndBalance('/reports/edk-low-price', '/balance-edk-low-price'),
  // The approvals inbox: the wallet changes and chargebacks support decides wait there too.
  supportSupervisor: [['support', ['/migration', '/authorize-transactions']]],
  dddReportAdmin: reportAndBalance('/reports/dakar-dem-dik-report', '/balance-dakar-dem-dikk'),
  orangeTopupReport: onlyReports('/reports/recharge-credit-report'),
  adFinanceReport: onlyReports(
    '/reports/tnt-report',
    '/reports/recharge-credit-report',
    '/reports/transaction-report',
    '/reports/woyofal-report',
    '/reports/cashin-cashout-report',
  ),
  gerantLowPrice: reportAndBalance('/reports/report-gerant-low-price', '/balance-gerant-low-price'),
  gerantTefess: reportAndBalance('/reports/report-gerant-tefess', '/balance-gerant-tefess'),
  gerantDjoloff: reportAndBalance('/reports/report-gerant-djoloff', '/balance-gerant-djoloff'),
  aquatech: onlyReports('/reports/aquatech-report'),
  rapidoManager: onlyReports('/reports/rapido-report'),
  seohAdmin: onlyReports('/reports/seoh-report'),
  flexeauAdmin: onlyReports('/reports/flexeau-report'),
  transvie: onlyReports('/reports/report-transvie'),
  gieAftu: onlyReports('/reports/aftu-partner', '/reports/reseau-aftu-partner'),
  supportPlus: [
    ['kyc-review', ['/customers', '/agents', '/merchants']],
    ['reports', ['/reports/woyofal-report']],
    ['support', ['/chargeback-voucher', '/migration', '/authorize-transactions']],
  ],
  merchantHead: [
    ['transfers', ['/transfers/merchand-credit']],
    ['reports', ['/reports/merchant-head-credit', '/reports/member-credit-head']],
    ['network', ['/network/head']],
  ],
  merchantMaster: [
    ['transfers', ['/transfers/master-credit', '/send-sales/remonte-uv']],
    ['reports', ['/reports/merchant-master-credit', '/reports/member-credit-head']],
    ['network', ['/network/head']],
  ],
  merchantLocation: [
    ['transfers', ['/transfers/location-credit', '/send-sales/remonte-uv']],
    ['reports', ['/reports/merchant-location-credit', '/reports/member-credit-head']],
    ['network', ['/network/head']],
  ],
};

function itemFor(to: RoutePath, params: Record<string, string> = {}, title?: LocalizedText): MenuItem {
  const route = ROUTES[to];
  return { title: title ?? route.title, to: fillPath(to, params), icon: route.icon };
}

function buildSection([id, specs]: SectionSpec, ctx: MenuContext): MenuSection | undefined {
  const items = specs.flatMap((spec): MenuItem[] => {
    if (typeof spec === 'string') return [itemFor(spec)];
    return !spec.when || spec.when(ctx) ? [itemFor(spec.to, {}, spec.title)] : [];
  });
  // A section whose every link is conditional (the bank Transfers) disappears rather than show empty.
  return items.length > 0 ? { id, ...SECTIONS[id], items } : undefined;
}

/** One section per associated member, each holding that member's report and balance. */
function aftuMenu(ctx: MenuContext): MenuSection[] {
  const seen = new Set<string>();
  return ctx.members.flatMap((member): MenuSection[] => {
    const { memberId, memberName } = member;
    if (memberId === '' || seen.has(memberId)) return [];
    seen.add(memberId);
    const tag = (item: MenuItem): MenuItem => ({ ...item, memberId, memberName });
    const name = memberName || memberId;
    return [
      {
        id: `aftu-member-${memberId}`,
        title: { en: name, fr: name },
        icon: 'Bus',
        items: [
          tag(itemFor('/reports/report-aftu-partner/$memberId', { memberId })),
          tag(itemFor('/balance-aftu-partner/$memberId', { memberId })),
        ],
      },
    ];
  });
}

// The AFTU master has no static menu: it is built from its associated members.
const DYNAMIC_MENUS: Partial<Record<GroupKey, (ctx: MenuContext) => MenuSection[]>> = {
  aftuMaster: aftuMenu,
};

export function menuFor(ctx: MenuContext): MenuSection[] {
  // hasOwn: a group key that is not ours (e.g. 'constructor' from bad storage) must not hit the prototype.
  const dynamic = Object.hasOwn(DYNAMIC_MENUS, ctx.group) ? DYNAMIC_MENUS[ctx.group] : undefined;
  if (dynamic) return dynamic(ctx);
  const spec = (Object.hasOwn(MENUS, ctx.group) ? MENUS[ctx.group] : undefined) ?? ADMIN_MENU;
  return spec.flatMap((section) => buildSection(section, ctx) ?? []);
}

/** Every link of a menu, sub-items included, in menu order. */
export function menuLinks(sections: readonly MenuSection[]): string[] {
  const walk = (items: readonly MenuItem[]): string[] => items.flatMap((i) => [i.to, ...walk(i.children ?? [])]);
  return sections.flatMap((s) => walk(s.items));
}

/** The section holding a link to `pathname`, so the accordion can open it on load; null if none. */
export function sectionIdFor(sections: readonly MenuSection[], pathname: string): string | null {
  return sections.find((s) => menuLinks([s]).some((to) => matchPath(to, pathname)))?.id ?? null;
}
