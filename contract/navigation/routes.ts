import type { KnownIconName } from './icon-names';
import type { LocalizedText } from './types';

/**
 * Every route a menu can show, with its one title and icon. menus.ts and pages.ts both read
 * this table, so neither imports the other and each title is written once.
 */
export interface RouteInfo {
  title: LocalizedText;
  icon: KnownIconName;
}

const route = (en: string, fr: string, icon: KnownIconName): RouteInfo => ({ title: { en, fr }, icon });

export const ROUTES = {
  // Admin: Banks, KYC Review
  '/banks': route('Add Bank', 'Ajouter une banque', 'Landmark'),
  '/customers': route('Customers', 'Clients', 'Users'),
  '/agents': route('Agents', 'Agents', 'UserCog'),
  '/merchants': route('Merchants', 'Marchands', 'Store'),
  '/upload-document': route('Upload Document', 'Téléverser un document', 'FileUp'),

  // Admin: Reports
  '/reports/agent-hierarchy-report': route('Agent Hierarchy Report', 'Rapport de hiérarchie des agents', 'Network'),
  '/reports/bank-wallet-report': route('Bank Wallet Report', 'Rapport des portefeuilles bancaires', 'Wallet'),
  '/reports/different-bank-transfer-report': route(
    'Other-Bank Transfer Report',
    'Rapport des transferts vers d’autres banques',
    'ArrowRightLeft',
  ),
  '/reports/remaining-bank-kpay-wallet': route(
    'Remaining Bank KPay Wallet',
    'Solde restant du portefeuille KPay des banques',
    'WalletCards',
  ),
  '/reports/edk-distribution': route('EDK Distribution Report', 'Rapport EDK Distribution', 'Boxes'),
  '/reports/edk-tefess': route('EDK Tefess Report', 'Rapport EDK Tefess', 'Boxes'),
  '/reports/edk-low-price': route('EDK Low Price Report', 'Rapport EDK Low Price', 'Boxes'),
  '/reports/edk-djoloff': route('EDK Djoloff Report', 'Rapport EDK Djoloff', 'Boxes'),
  '/reports/pin-status-report': route('PIN Status Report', 'Rapport des statuts de code PIN', 'KeyRound'),
  '/reports/registration-report': route('Registration Report', 'Rapport des inscriptions', 'UserPlus'),
  '/reports/tnt-report': route('TNT Report', 'Rapport TNT', 'Tv'),
  '/reports/recharge-credit-report': route('Orange Topup', 'Recharge Orange', 'Smartphone'),
  '/reports/transaction-report': route('Transaction Report', 'Rapport des transactions', 'ReceiptText'),
  '/reports/activation-report': route('Activation Report', 'Rapport des activations', 'UserCheck'),
  '/reports/wallet-balance': route('Wallet Balance', 'Solde des portefeuilles', 'Wallet'),
  '/reports/woyofal-report': route('Woyofal Report', 'Rapport Woyofal', 'Zap'),
  '/reports/dakar-dem-dik-report': route('Dakar Dem Dikk Report', 'Rapport Dakar Dem Dikk', 'Bus'),
  '/reports/rapido-report': route('Rapido Report', 'Rapport Rapido', 'Car'),
  '/reports/seoh-report': route('SEOH Report', 'Rapport SEOH', 'Droplets'),
  '/reports/aquatech-report': route('Aquatech Report', 'Rapport Aquatech', 'Droplets'),
  '/reports/cashin-cashout-report': route(
    'Cash-In / Cash-Out Report',
    'Rapport des dépôts et retraits',
    'ArrowLeftRight',
  ),
  '/reports/blocked-user-request': route('Closed Account Request', 'Demandes de clôture de compte', 'UserX'),
  '/reports/coupon-report': route('Coupon Report', 'Rapport des coupons', 'TicketPercent'),
  '/reports/report-transvie': route('Transvie Report', 'Rapport Transvie', 'HeartPulse'),
  '/reports/flexeau-report': route('FlexEau Report', 'Rapport FlexEau', 'Droplet'),
  '/remaining-bank-bbg-balance': route('Remaining BBG Bank Balance', 'Solde restant de la banque BBG', 'Scale'),
  '/remaining-bank-bis-balance': route('Remaining BIS Bank Balance', 'Solde restant de la banque BIS', 'Scale'),
  '/bbg-repartition': route('BBG Balance Repartition', 'Répartition des soldes BBG', 'ChartPie'),
  '/reports-bbg-bank': route('BBG Bank Reports', 'Rapports de la banque BBG', 'FileChartColumn'),
  '/bis-repartition': route('BIS Balance Repartition', 'Répartition des soldes BIS', 'ChartPie'),
  '/reports-bis-bank': route('BIS Bank Reports', 'Rapports de la banque BIS', 'FileChartColumn'),

  // Admin: Transfer Reports
  '/reports/transfer-report': route('Transfer Report', 'Rapport des transferts', 'ArrowRightLeft'),
  '/reports/agent-reports': route('Agent Reports', 'Rapports des agents', 'FileText'),
  '/reports/e-money': route('E-Money Report', 'Rapport de monnaie électronique', 'Coins'),
  '/reports/customer-report': route('Customer Report', 'Rapport des clients', 'Users'),
  '/reports/remaining-bank-balance': route('Remaining Bank Balance', 'Solde bancaire restant', 'Scale'),

  // Admin: Transfers (agents share /cash-out and /bulk-payment; Checker bank users /authorize-transactions)
  '/admin-cash-in': route('Admin Cash In', 'Dépôt administrateur', 'ArrowDownToLine'),
  '/cash-out': route('Cash Out', 'Retrait', 'ArrowUpFromLine'),
  '/admin-partner-cash-in': route('Payroll Cash In', 'Dépôt de la paie', 'HandCoins'),
  '/bulk-payment': route('Bulk Payment', 'Paiement groupé', 'Layers'),
  '/authorize-transactions': route('Authorize Transactions', 'Autoriser les transactions', 'ClipboardCheck'),

  // Admin: Settings
  '/bulk-change-bank': route('Bulk Bank Change', 'Changement de banque groupé', 'Building'),
  '/bulk-fee-override': route('Bulk Fee Override', 'Modification groupée des frais', 'CircleDollarSign'),
  '/bulk-fee-removal': route('Bulk Fee Removal', 'Suppression groupée des frais', 'FileX'),
  '/generate-qr': route('Generate QR Code', 'Générer un code QR', 'QrCode'),
  '/two-factor': route('Two-Factor Authentication', 'Authentification à deux facteurs', 'ShieldEllipsis'),
  '/migration': route('Migration', 'Migration', 'Shuffle'),
  '/unlink-qr': route('Unlink QR Code', 'Dissocier un code QR', 'Unlink'),
  '/banner': route('Banner', 'Bannière', 'Image'),
  '/audit-trail': route('Audit trail', 'Journal d’audit', 'ScrollText'),
  '/users': route('Staff accounts', 'Comptes du personnel', 'Users'),
  '/fees': route('Fees and limits', 'Frais et plafonds', 'Percent'),

  // Admin: Registration
  '/registration/agent': route('Agent Registration', 'Inscription d’un agent', 'UserCog'),
  '/registration/customer': route('Customer Registration', 'Inscription d’un client', 'UserPlus'),
  '/registration/hybrid-merchant': route('Hybrid Merchant Registration', 'Inscription d’un marchand hybride', 'Store'),
  '/registration/partner': route('Partner Registration', 'Inscription d’un partenaire', 'Handshake'),

  // Agent and merchant
  '/reports/individual-transaction-report': route('My Transactions', 'Mes transactions', 'ReceiptText'),
  '/cash-in': route('Cash In', 'Dépôt', 'ArrowDownToLine'),
  '/reports/received-report': route('Received Payments', 'Paiements reçus', 'BanknoteArrowDown'),

  // Bank groups
  '/reports/emoney-summary-report': route('E-Money Summary', 'Synthèse de la monnaie électronique', 'Sigma'),
  '/reports/emoney-issued-report': route('E-Money Issued', 'Monnaie électronique émise', 'FilePlus'),
  '/reports/emoney-destroyed-report': route('E-Money Destroyed', 'Monnaie électronique détruite', 'FileMinus'),
  '/reports/declassify-account-report': route('Declassified Accounts', 'Comptes déclassés', 'FileSearch'),
  '/reports/repartition-bank-balance': route(
    'Bank Balance Repartition',
    'Répartition des soldes bancaires',
    'ChartPie',
  ),
  '/reports/repartition-bank-balance-group-bbg': route(
    'BBG Group Balance Repartition',
    'Répartition des soldes du groupe BBG',
    'ChartPie',
  ),
  '/reports/repartition-bank-balance-group-bis': route(
    'BIS Group Balance Repartition',
    'Répartition des soldes du groupe BIS',
    'ChartPie',
  ),
  '/bank-cash-in': route(
    'E-Money Transfer to the wallet',
    'Transfert de monnaie électronique vers le portefeuille',
    'BanknoteArrowUp',
  ),
  '/bank-cash-out': route('E-Money Destroy', 'Destruction de monnaie électronique', 'BanknoteX'),

  // Report admin
  '/reports/aggregrate-report': route('Aggregate Report', 'Rapport agrégé', 'ChartColumn'),
  '/reports/edk-report': route('EDK Report', 'Rapport EDK', 'Boxes'),

  // Zone sales manager
  '/onboard-student': route('Onboard Student', 'Inscrire un étudiant', 'GraduationCap'),
  '/my-students': route('My Students', 'Mes étudiants', 'School'),

  // EDK masters and Dakar Dem Dikk
  '/balance-edk-distribution': route('EDK Distribution Balance', 'Solde EDK Distribution', 'Wallet'),
  '/balance-edk-tefess': route('EDK Tefess Balance', 'Solde EDK Tefess', 'Wallet'),
  '/balance-edk-low-price': route('EDK Low Price Balance', 'Solde EDK Low Price', 'Wallet'),
  '/balance-edk-djoloff': route('EDK Djoloff Balance', 'Solde EDK Djoloff', 'Wallet'),
  '/balance-dakar-dem-dikk': route('Dakar Dem Dikk Balance', 'Solde Dakar Dem Dikk', 'Wallet'),

  // Gerants
  '/reports/report-gerant-low-price': route('Low Price Manager Report', 'Rapport du gérant Low Price', 'FileText'),
  '/balance-gerant-low-price': route('Low Price Manager Balance', 'Solde du gérant Low Price', 'Wallet'),
  '/reports/report-gerant-tefess': route('Tefess Manager Report', 'Rapport du gérant Tefess', 'FileText'),
  '/balance-gerant-tefess': route('Tefess Manager Balance', 'Solde du gérant Tefess', 'Wallet'),
  '/reports/report-gerant-djoloff': route('Djoloff Manager Report', 'Rapport du gérant Djoloff', 'FileText'),
  '/balance-gerant-djoloff': route('Djoloff Manager Balance', 'Solde du gérant Djoloff', 'Wallet'),

  // AFTU master (one pair per associated member) and GIE AFTU partner
  '/reports/report-aftu-partner/$memberId': route('AFTU Member Report', 'Rapport du membre AFTU', 'Bus'),
  '/balance-aftu-partner/$memberId': route('AFTU Member Balance', 'Solde du membre AFTU', 'Wallet'),
  '/reports/aftu-partner': route('AFTU Partner Report', 'Rapport partenaire AFTU', 'Bus'),
  '/reports/reseau-aftu-partner': route('AFTU Partner Network Report', 'Rapport du réseau partenaire AFTU', 'Network'),

  // Support-plus
  '/chargeback-voucher': route('Chargeback Voucher', 'Bon de rétrofacturation', 'Undo2'),

  // Merchant network (head, master, location); 'merchand' is the route's own spelling
  '/transfers/merchand-credit': route('Merchant Credit', 'Crédit marchand', 'CreditCard'),
  '/transfers/master-credit': route('Master Credit', 'Crédit master', 'CreditCard'),
  '/transfers/location-credit': route('Location Credit', 'Crédit point de vente', 'CreditCard'),
  '/send-sales/remonte-uv': route('E-Money Return', 'Remontée d’UV', 'Send'),
  '/reports/merchant-head-credit': route('Head Credit Report', 'Rapport de crédit tête de réseau', 'Receipt'),
  '/reports/merchant-master-credit': route('Master Credit Report', 'Rapport de crédit master', 'Receipt'),
  '/reports/merchant-location-credit': route('Location Credit Report', 'Rapport de crédit point de vente', 'Receipt'),
  '/reports/member-credit-head': route('Member Credit Report', 'Rapport de crédit des membres', 'ListTree'),
  '/network/head': route('My Network', 'Mon réseau', 'Network'),
} satisfies Record<string, RouteInfo>;

export type RoutePath = keyof typeof ROUTES;

export const ROUTE_PATHS = Object.keys(ROUTES) as RoutePath[];

/**
 * Split paths, kept: the page registry matches every page's pattern against every menu link
 * of a user, and splitting the same few hundred strings each time was most of a first click's
 * script time (docs/performance.md). Cleared when full, so odd addresses cannot grow it.
 */
const SEGMENTS_KEPT = 1000;
const segmentsOf = new Map<string, readonly string[]>();

function segments(path: string): readonly string[] {
  let split = segmentsOf.get(path);
  if (!split) {
    if (segmentsOf.size >= SEGMENTS_KEPT) segmentsOf.clear();
    split = path.split('/').filter((s) => s !== '');
    segmentsOf.set(path, split);
  }
  return split;
}

/** Params of `pathname` if it matches `pattern` ('$name' segments match any one segment), else undefined. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = segments(pattern);
  const got = segments(pathname);
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, w] of want.entries()) {
    const g = got[i] as string;
    if (!w.startsWith('$')) {
      if (w !== g) return undefined;
      continue;
    }
    const value = safeDecode(g);
    if (value === undefined) return undefined;
    params[w.slice(1)] = value;
  }
  return params;
}

// A hand-typed URL may hold a malformed escape; that is "no such page", not a crash.
function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The concrete URL for `pattern`; member ids come from the API, so they are encoded. */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
