import type { GroupKey } from './groups';
import type { Network, Service, TransactionType } from './ledger';
import { T, type Text } from './text';

/**
 * The report registry (docs/reports-and-ledger.md): one definition per report route. The API builds
 * its queries, permissions and row scope from it; the dashboard its filters and columns.
 */
type ColumnKind = 'text' | 'amount' | 'datetime' | 'date' | 'status' | 'number';

export interface ColumnDef {
  title: Text;
  kind: ColumnKind;
  /** Hidden until the user picks it in the column chooser. */
  optional?: boolean;
}

const col = (en: string, fr: string, kind: ColumnKind = 'text', optional = false): ColumnDef => ({
  title: { en, fr },
  kind,
  optional,
});

/** Columns of reports over transactions. */
export const TRANSACTION_COLUMNS = {
  createdAt: col('Date', 'Date', 'datetime'),
  reference: col('Reference', 'Référence'),
  type: col('Type', 'Type', 'status'),
  service: col('Service', 'Service', 'status'),
  status: col('Status', 'Statut', 'status'),
  amount: col('Amount', 'Montant', 'amount'),
  fee: col('Fee', 'Frais', 'amount'),
  commission: col('Commission', 'Commission', 'amount'),
  fromName: col('From', 'De'),
  fromPhone: col('From phone', 'Téléphone émetteur', 'text', true),
  toName: col('To', 'À'),
  toPhone: col('To phone', 'Téléphone bénéficiaire', 'text', true),
  initiator: col('Initiated by', 'Initié par', 'text', true),
  channel: col('Channel', 'Canal', 'status', true),
  bank: col('Bank', 'Banque'),
  network: col('Network', 'Réseau', 'status'),
  member: col('Member', 'Membre'),
  detail: col('Service details', 'Détails du service'),
  /** Filled only under a name or phone search: which side's account the search matched (not in any report's list). */
  party: col('Matched account', 'Compte trouvé'),
} as const satisfies Record<string, ColumnDef>;

/** Columns of reports over wallet accounts. */
export const ACCOUNT_COLUMNS = {
  createdAt: col('Registered', 'Inscrit le', 'datetime'),
  number: col('Account', 'Compte'),
  holder: col('Holder', 'Titulaire'),
  phone: col('Phone', 'Téléphone'),
  kind: col('Kind', 'Type', 'status'),
  region: col('Region', 'Région', 'text', true),
  kycStatus: col('KYC', 'KYC', 'status'),
  pinStatus: col('PIN', 'PIN', 'status'),
  status: col('Status', 'Statut', 'status'),
  activatedAt: col('Activated', 'Activé le', 'datetime', true),
  parent: col('Parent', 'Parent'),
  bank: col('Bank', 'Banque'),
  network: col('Network', 'Réseau', 'status', true),
  balance: col('Balance', 'Solde', 'amount'),
  lastActivityAt: col('Last activity', 'Dernière activité', 'datetime', true),
} as const satisfies Record<string, ColumnDef>;

/** Columns of closed-account requests. */
export const CLOSURE_COLUMNS = {
  createdAt: col('Requested', 'Demandé le', 'datetime'),
  number: col('Account', 'Compte'),
  holder: col('Holder', 'Titulaire'),
  phone: col('Phone', 'Téléphone'),
  reason: col('Reason', 'Motif'),
  status: col('Status', 'Statut', 'status'),
  balance: col('Balance', 'Solde', 'amount'),
  decidedAt: col('Decided', 'Décidé le', 'datetime', true),
} as const satisfies Record<string, ColumnDef>;

/** Columns of reports that sum transactions by a key. */
export const AGGREGATE_COLUMNS = {
  key: col('Group', 'Groupe'),
  count: col('Transactions', 'Transactions', 'number'),
  amount: col('Amount', 'Montant', 'amount'),
  fee: col('Fees', 'Frais', 'amount'),
  commission: col('Commissions', 'Commissions', 'amount'),
} as const satisfies Record<string, ColumnDef>;

type TransactionColumn = keyof typeof TRANSACTION_COLUMNS;
type AccountColumn = keyof typeof ACCOUNT_COLUMNS;
type ClosureColumn = keyof typeof CLOSURE_COLUMNS;
type AggregateColumn = keyof typeof AGGREGATE_COLUMNS;

/** The filters and order of `GET reports/{reportId}` (the API validates them with zod). */
export interface ReportFilterValues {
  from?: string;
  to?: string;
  status?: string;
  service?: string;
  type?: string;
  bank?: string;
  network?: string;
  kycStatus?: string;
  accountStatus?: string;
  q?: string;
  /** One account number, exactly: a party chosen among those a name search offered. */
  account?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
}

export type FilterKind =
  | 'status'
  | 'service'
  | 'type'
  | 'bank'
  | 'network'
  | 'search'
  | 'account'
  | 'kycStatus'
  | 'accountStatus';

/**
 * Which rows a caller sees, on top of the report's own slice. Admin groups see every row
 * the slice holds; other groups are narrowed by their own accounts, bank, network, station
 * or members: the server enforces the row scope, whatever the client asks.
 */
type RowScope =
  | 'all'
  | 'ownAccounts'
  | 'receivedByOwn'
  | 'ownBank'
  | 'ownNetwork'
  | 'ownStation'
  | 'memberParam'
  | 'ownSubtree';

interface BaseReport {
  id: string;
  path: string;
  title: Text;
  groups: readonly GroupKey[];
  scope: RowScope;
  filters: readonly FilterKind[];
}

export interface TransactionReport extends BaseReport {
  source: 'transactions';
  slice: {
    types?: readonly TransactionType[];
    services?: readonly Service[];
    network?: Network;
    bankCode?: string;
    /** Only transactions between two different banks. */
    crossBank?: boolean;
  };
  columns: readonly TransactionColumn[];
  totals: readonly ('amount' | 'fee' | 'commission')[];
}

interface AccountReport extends BaseReport {
  source: 'accounts';
  slice: { kinds: readonly string[]; bankCode?: string };
  /** Which date the range filters: registration, activation, or none (a snapshot). */
  dateField: 'createdAt' | 'activatedAt' | null;
  columns: readonly AccountColumn[];
  totals: readonly 'balance'[];
}

interface ClosureReport extends BaseReport {
  source: 'closures';
  columns: readonly ClosureColumn[];
  totals: readonly 'balance'[];
}

interface AggregateReport extends BaseReport {
  source: 'aggregate';
  groupBy: 'service' | 'network' | 'type' | 'member' | 'bank';
  slice: TransactionReport['slice'];
  columns: readonly AggregateColumn[];
  totals: readonly ('amount' | 'fee' | 'commission')[];
}

export type ReportDef = TransactionReport | AccountReport | ClosureReport | AggregateReport;

const ADMIN: readonly GroupKey[] = ['admin'];
const TX_COLS: readonly TransactionColumn[] = [
  'createdAt',
  'reference',
  'type',
  'service',
  'status',
  'fromName',
  'fromPhone',
  'toName',
  'toPhone',
  'amount',
  'fee',
  'commission',
  'initiator',
  'channel',
];
const SERVICE_COLS: readonly TransactionColumn[] = [
  'createdAt',
  'reference',
  'status',
  'fromName',
  'fromPhone',
  'detail',
  'amount',
  'fee',
  'commission',
  'channel',
];
const BANK_COLS: readonly TransactionColumn[] = [
  'createdAt',
  'reference',
  'type',
  'status',
  'bank',
  'fromName',
  'toName',
  'toPhone',
  'amount',
  'fee',
  'initiator',
];
const NETWORK_COLS: readonly TransactionColumn[] = [
  'createdAt',
  'reference',
  'type',
  'status',
  'network',
  'fromName',
  'toName',
  'amount',
  'fee',
  'commission',
];
const AMOUNT_TOTALS = ['amount', 'fee', 'commission'] as const;
const TX_FILTERS: readonly FilterKind[] = ['status', 'search'];

function tx(
  id: string,
  title: Text,
  groups: readonly GroupKey[],
  slice: TransactionReport['slice'],
  extra: Partial<Omit<TransactionReport, 'id' | 'title' | 'groups' | 'slice' | 'source'>> = {},
): TransactionReport {
  return {
    id,
    path: `/reports/${id}`,
    title,
    groups,
    slice,
    source: 'transactions',
    scope: 'all',
    columns: SERVICE_COLS,
    totals: AMOUNT_TOTALS,
    ...extra,
    filters: withAccount(extra.filters ?? TX_FILTERS),
  };
}

/** A transaction report's search offers the parties it matched; choosing one filters by that account. */
function withAccount(filters: readonly FilterKind[]): readonly FilterKind[] {
  return filters.includes('search') ? [...filters, 'account'] : filters;
}

function accounts(
  id: string,
  title: Text,
  groups: readonly GroupKey[],
  kinds: readonly string[],
  columns: readonly AccountColumn[],
  dateField: AccountReport['dateField'],
  extra: Partial<AccountReport> = {},
): AccountReport {
  return {
    id,
    path: `/reports/${id}`,
    title,
    groups,
    source: 'accounts',
    slice: { kinds },
    dateField,
    scope: 'all',
    filters: ['search', 'kycStatus', 'accountStatus'],
    columns,
    totals: ['balance'],
    ...extra,
  };
}

const ADFIN: readonly GroupKey[] = ['admin', 'adFinanceReport'];
const REPORT_ADMIN: readonly GroupKey[] = ['admin', 'reportAdmin'];
const EDK = (network: Network, master: GroupKey) =>
  tx(`edk-${network === 'edk-distribution' ? 'distribution' : network}`, T('', ''), ['admin', 'edkMaster', master], {
    network,
  });

const edkTitles: Record<Network, Text> = {
  'edk-distribution': T('EDK Distribution Report', 'Rapport EDK Distribution'),
  tefess: T('EDK Tefess Report', 'Rapport EDK Tefess'),
  'low-price': T('EDK Low Price Report', 'Rapport EDK Low Price'),
  djoloff: T('EDK Djoloff Report', 'Rapport EDK Djoloff'),
};
const edkMasters: Record<Network, GroupKey> = {
  'edk-distribution': 'edkMaster',
  tefess: 'tefessMaster',
  'low-price': 'lowPriceMaster',
  djoloff: 'djoloffMaster',
};

const gerant = (slug: 'low-price' | 'tefess' | 'djoloff', group: GroupKey, name: string): TransactionReport =>
  tx(
    `report-gerant-${slug}`,
    T(`Gerant ${name} Report`, `Rapport gérant ${name}`),
    [group],
    { network: slug },
    {
      scope: 'ownStation',
      columns: NETWORK_COLS,
    },
  );

/** A partner bank's own transactions, at the top-level path the old dashboard gave it (/reports-bbg-bank). */
const bankReport = (bankCode: 'BBG' | 'BIS', group: GroupKey): TransactionReport => {
  const id = `reports-${bankCode.toLowerCase()}-bank`;
  return {
    ...tx(
      id,
      T(`${bankCode} Bank Reports`, `Rapports de la banque ${bankCode}`),
      ['admin', 'bank', group],
      { bankCode },
      { columns: BANK_COLS, filters: ['status', 'type', 'search'], scope: 'ownBank' },
    ),
    path: `/${id}`,
  };
};

const merchantCredit = (id: string, title: Text, groups: readonly GroupKey[]): TransactionReport =>
  tx(id, title, groups, { types: ['network_credit', 'uv_remote'] }, { scope: 'ownSubtree', columns: NETWORK_COLS });

export const REPORTS: readonly ReportDef[] = [
  // Admin reports
  accounts(
    'agent-hierarchy-report',
    T('Agent Hierarchy Report', 'Rapport de hiérarchie des agents'),
    REPORT_ADMIN,
    ['agent'],
    ['number', 'holder', 'phone', 'parent', 'region', 'status', 'balance', 'lastActivityAt'],
    null,
  ),
  tx(
    'bank-wallet-report',
    T('Bank Wallet Report', 'Rapport des portefeuilles bancaires'),
    ADMIN,
    {
      types: ['bank_transfer'],
    },
    { columns: BANK_COLS, filters: ['status', 'bank', 'search'] },
  ),
  tx(
    'different-bank-transfer-report',
    T('Other-Bank Transfer Report', 'Rapport des transferts vers d’autres banques'),
    ADMIN,
    { types: ['bank_transfer'], crossBank: true },
    { columns: BANK_COLS, filters: ['status', 'bank', 'search'] },
  ),
  accounts(
    'remaining-bank-kpay-wallet',
    T('Remaining Bank KPay Wallet', 'Solde restant du portefeuille KPay des banques'),
    ADMIN,
    ['bank_float'],
    ['number', 'holder', 'bank', 'status', 'balance', 'lastActivityAt'],
    null,
    { filters: ['bank'] },
  ),
  ...(['edk-distribution', 'tefess', 'low-price', 'djoloff'] as const).map((n) => ({
    ...EDK(n, edkMasters[n]),
    title: edkTitles[n],
    columns: NETWORK_COLS,
    scope: 'ownNetwork' as const,
  })),
  accounts(
    'pin-status-report',
    T('PIN Status Report', 'Rapport des statuts de code PIN'),
    ADMIN,
    ['customer', 'agent', 'merchant'],
    ['createdAt', 'number', 'holder', 'phone', 'kind', 'pinStatus', 'status'],
    null,
    { filters: ['search', 'accountStatus'] },
  ),
  accounts(
    'registration-report',
    T('Registration Report', 'Rapport des inscriptions'),
    REPORT_ADMIN,
    ['customer', 'agent', 'merchant'],
    ['createdAt', 'number', 'holder', 'phone', 'kind', 'region', 'kycStatus', 'status', 'parent'],
    'createdAt',
  ),
  tx('tnt-report', T('TNT Report', 'Rapport TNT'), ADFIN, { services: ['tnt'] }),
  tx(
    'recharge-credit-report',
    T('Orange Topup', 'Recharge Orange'),
    ['admin', 'adFinanceReport', 'orangeTopupReport'],
    {
      services: ['orange_topup'],
    },
  ),
  tx(
    'transaction-report',
    T('Transaction Report', 'Rapport des transactions'),
    ['admin', 'adFinanceReport', 'reportAdmin'],
    {},
    {
      columns: TX_COLS,
      filters: ['status', 'service', 'type', 'search'],
    },
  ),
  accounts(
    'activation-report',
    T('Activation Report', 'Rapport des activations'),
    REPORT_ADMIN,
    ['customer', 'agent', 'merchant'],
    ['activatedAt', 'number', 'holder', 'phone', 'kind', 'kycStatus', 'status'],
    'activatedAt',
  ),
  accounts(
    'wallet-balance',
    T('Wallet Balance', 'Solde des portefeuilles'),
    REPORT_ADMIN,
    ['customer', 'agent', 'merchant'],
    ['number', 'holder', 'phone', 'kind', 'status', 'balance', 'lastActivityAt'],
    null,
  ),
  tx('woyofal-report', T('Woyofal Report', 'Rapport Woyofal'), ['admin', 'adFinanceReport', 'supportPlus'], {
    services: ['woyofal'],
  }),
  tx('dakar-dem-dik-report', T('Dakar Dem Dikk Report', 'Rapport Dakar Dem Dikk'), ['admin', 'dddReportAdmin'], {
    services: ['dakar_dem_dikk'],
  }),
  tx('rapido-report', T('Rapido Report', 'Rapport Rapido'), ['admin', 'rapidoManager'], { services: ['rapido'] }),
  tx('seoh-report', T('SEOH Report', 'Rapport SEOH'), ['admin', 'seohAdmin'], { services: ['seoh'] }),
  tx('aquatech-report', T('Aquatech Report', 'Rapport Aquatech'), ['admin', 'aquatech'], { services: ['aquatech'] }),
  tx(
    'cashin-cashout-report',
    T('Cash-In / Cash-Out Report', 'Rapport des dépôts et retraits'),
    ['admin', 'adFinanceReport', 'reportAdmin'],
    { types: ['cash_in', 'cash_out'] },
    { columns: TX_COLS, filters: ['status', 'type', 'search'] },
  ),
  {
    id: 'blocked-user-request',
    path: '/reports/blocked-user-request',
    title: T('Closed Account Request', 'Demandes de clôture de compte'),
    groups: ADMIN,
    source: 'closures',
    scope: 'all',
    filters: ['status', 'search'],
    columns: ['createdAt', 'number', 'holder', 'phone', 'reason', 'status', 'balance', 'decidedAt'],
    totals: ['balance'],
  },
  tx('coupon-report', T('Coupon Report', 'Rapport des coupons'), ADMIN, { services: ['coupon'] }),
  tx('report-transvie', T('Transvie Report', 'Rapport Transvie'), ['admin', 'transvie'], { services: ['transvie'] }),
  tx('flexeau-report', T('FlexEau Report', 'Rapport FlexEau'), ['admin', 'flexeauAdmin'], { services: ['flexeau'] }),

  // Transfer reports
  tx(
    'transfer-report',
    T('Transfer Report', 'Rapport des transferts'),
    ADMIN,
    { types: ['transfer'] },
    {
      columns: TX_COLS,
    },
  ),
  tx(
    'agent-reports',
    T('Agent Reports', 'Rapports des agents'),
    ADMIN,
    { types: ['cash_in', 'cash_out'] },
    {
      columns: [
        'createdAt',
        'reference',
        'type',
        'status',
        'initiator',
        'fromName',
        'toName',
        'amount',
        'fee',
        'commission',
      ],
      filters: ['status', 'type', 'search'],
    },
  ),
  tx(
    'e-money',
    T('E-Money Report', 'Rapport de monnaie électronique'),
    ADMIN,
    {
      types: ['emoney_issue', 'emoney_destroy'],
    },
    { columns: BANK_COLS, filters: ['status', 'type', 'bank', 'search'] },
  ),
  accounts(
    'customer-report',
    T('Customer Report', 'Rapport des clients'),
    ADMIN,
    ['customer'],
    ['createdAt', 'number', 'holder', 'phone', 'region', 'kycStatus', 'pinStatus', 'status', 'balance'],
    'createdAt',
  ),
  accounts(
    'remaining-bank-balance',
    T('Remaining Bank Balance', 'Solde bancaire restant'),
    ['admin', 'bank', 'bbgBank', 'bisBank'],
    ['bank_float'],
    ['number', 'holder', 'bank', 'status', 'balance', 'lastActivityAt'],
    null,
    { scope: 'ownBank', filters: ['bank'] },
  ),

  // Bank reports
  {
    ...tx('emoney-summary-report', T('E-Money Summary', 'Synthèse de la monnaie électronique'), ['bank'], {
      types: ['emoney_issue', 'emoney_destroy', 'bank_transfer'],
    }),
    source: 'aggregate',
    groupBy: 'type',
    scope: 'ownBank',
    filters: [],
    columns: ['key', 'count', 'amount', 'fee', 'commission'],
  } as AggregateReport,
  tx(
    'emoney-issued-report',
    T('E-Money Issued', 'Monnaie électronique émise'),
    ['bank'],
    { types: ['emoney_issue'] },
    {
      scope: 'ownBank',
      columns: BANK_COLS,
    },
  ),
  tx(
    'emoney-destroyed-report',
    T('E-Money Destroyed', 'Monnaie électronique détruite'),
    ['bank'],
    { types: ['emoney_destroy'] },
    { scope: 'ownBank', columns: BANK_COLS },
  ),
  accounts(
    'declassify-account-report',
    T('Declassified Accounts', 'Comptes déclassés'),
    ['bank', 'bbgBank'],
    ['customer'],
    ['createdAt', 'number', 'holder', 'phone', 'kycStatus', 'status', 'bank', 'balance'],
    null,
    { scope: 'ownBank', filters: ['search'] },
  ),
  ...(
    [
      ['repartition-bank-balance', ['bank'], undefined],
      ['repartition-bank-balance-group-bbg', ['bbgBank'], 'BBG'],
      ['repartition-bank-balance-group-bis', ['bisBank'], 'BIS'],
    ] as const
  ).map(
    ([id, groups, bankCode]): AggregateReport => ({
      id,
      path: `/reports/${id}`,
      title: T('Bank Balance Repartition', 'Répartition du solde bancaire'),
      groups,
      source: 'aggregate',
      groupBy: 'service',
      slice: bankCode ? { bankCode } : {},
      scope: 'ownBank',
      filters: [],
      columns: ['key', 'count', 'amount', 'fee', 'commission'],
      totals: AMOUNT_TOTALS,
    }),
  ),
  bankReport('BBG', 'bbgBank'),
  bankReport('BIS', 'bisBank'),

  // Report admin
  {
    ...tx('aggregrate-report', T('Aggregate Report', 'Rapport agrégé'), ['reportAdmin'], {}),
    source: 'aggregate',
    groupBy: 'service',
    filters: ['status'],
    columns: ['key', 'count', 'amount', 'fee', 'commission'],
  } as AggregateReport,
  {
    ...tx('edk-report', T('EDK Report', 'Rapport EDK'), ['reportAdmin'], {}),
    source: 'aggregate',
    groupBy: 'network',
    filters: ['status'],
    columns: ['key', 'count', 'amount', 'fee', 'commission'],
  } as AggregateReport,

  // Gerants
  gerant('low-price', 'gerantLowPrice', 'Low Price'),
  gerant('tefess', 'gerantTefess', 'Tefess'),
  gerant('djoloff', 'gerantDjoloff', 'Djoloff'),

  // AFTU
  {
    ...tx(
      'report-aftu-partner',
      T('AFTU Member Report', 'Rapport du membre AFTU'),
      ['aftuMaster'],
      {
        services: ['aftu'],
      },
      { scope: 'memberParam', columns: [...SERVICE_COLS, 'member'] },
    ),
    path: '/reports/report-aftu-partner/$memberId',
  },
  tx(
    'aftu-partner',
    T('AFTU Partner Report', 'Rapport partenaire AFTU'),
    ['gieAftu'],
    { services: ['aftu'] },
    {
      columns: [...SERVICE_COLS, 'member'],
    },
  ),
  {
    ...tx('reseau-aftu-partner', T('AFTU Network Report', 'Rapport du réseau AFTU'), ['gieAftu'], {
      services: ['aftu'],
    }),
    source: 'aggregate',
    groupBy: 'member',
    filters: ['status'],
    columns: ['key', 'count', 'amount', 'fee', 'commission'],
  } as AggregateReport,

  // Agents and merchants
  tx(
    'individual-transaction-report',
    T('Individual Transaction Report', 'Rapport des transactions individuelles'),
    ['agent', 'merchant'],
    {},
    { scope: 'ownAccounts', columns: TX_COLS, filters: ['status', 'service', 'type', 'search'] },
  ),
  tx(
    'received-report',
    T('Received Report', 'Rapport des encaissements'),
    ['merchant'],
    {},
    {
      scope: 'receivedByOwn',
      columns: ['createdAt', 'reference', 'type', 'status', 'fromName', 'fromPhone', 'amount', 'fee', 'channel'],
    },
  ),

  // Merchant networks (credit type 170, UV remote "102")
  merchantCredit('merchant-head-credit', T('Head Credit Report', 'Rapport des crédits du marchand principal'), [
    'merchantHead',
  ]),
  merchantCredit('merchant-master-credit', T('Master Credit Report', 'Rapport des crédits du master'), [
    'merchantMaster',
  ]),
  merchantCredit('merchant-location-credit', T('Location Credit Report', 'Rapport des crédits du point de vente'), [
    'merchantLocation',
  ]),
  merchantCredit('member-credit-head', T('Member Credit Report', 'Rapport des crédits des membres'), [
    'merchantHead',
    'merchantMaster',
    'merchantLocation',
  ]),
];

const byId = new Map(REPORTS.map((r) => [r.id, r]));
export function findReport(id: string): ReportDef | undefined {
  return byId.get(id);
}
