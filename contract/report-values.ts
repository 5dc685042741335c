import { DOCUMENT_TYPE_TITLES } from './kyc-documents';
import { T, type Text } from './text';

/**
 * The labels of the codes reports show (statuses, types, services…), in both languages: the
 * dashboard's cells and filters and the API's exports read this one table, so a file says
 * what the screen says.
 */
const VALUE_LABELS = {
  status: {
    success: T('Success', 'Réussie'),
    failed: T('Failed', 'Échouée'),
    pending: T('Pending', 'En attente'),
    reversed: T('Reversed', 'Annulée'),
    approved: T('Approved', 'Approuvée'),
    rejected: T('Rejected', 'Rejetée'),
    active: T('Active', 'Actif'),
    inactive: T('Inactive', 'Inactif'),
    blocked: T('Blocked', 'Bloqué'),
    closed: T('Closed', 'Clôturé'),
    declassified: T('Declassified', 'Déclassé'),
    queued: T('Queued', 'En file'),
    running: T('Running', 'En cours'),
    done: T('Done', 'Terminé'),
    expired: T('Expired', 'Expirée'),
  },
  types: {
    cash_in: T('Cash in', 'Dépôt'),
    cash_out: T('Cash out', 'Retrait'),
    transfer: T('Transfer', 'Transfert'),
    bill_payment: T('Bill payment', 'Paiement de facture'),
    airtime: T('Airtime', 'Crédit téléphonique'),
    merchant_payment: T('Merchant payment', 'Paiement marchand'),
    emoney_issue: T('E-money issue', 'Émission de monnaie électronique'),
    emoney_destroy: T('E-money destruction', 'Destruction de monnaie électronique'),
    bank_transfer: T('Bank transfer', 'Virement bancaire'),
    payroll: T('Payroll', 'Paie'),
    network_credit: T('Network credit', 'Crédit réseau'),
    uv_remote: T('E-money return', "Remontée d'UV"),
    coupon: T('Coupon', 'Coupon'),
    opening: T('Opening', 'Ouverture'),
    chargeback: T('Chargeback', 'Rétrofacturation'),
  },
  services: {
    wallet: T('Wallet', 'Portefeuille'),
    woyofal: T('Woyofal', 'Woyofal'),
    orange_topup: T('Orange topup', 'Recharge Orange'),
    tnt: T('TNT', 'TNT'),
    dakar_dem_dikk: T('Dakar Dem Dikk', 'Dakar Dem Dikk'),
    rapido: T('Rapido', 'Rapido'),
    seoh: T('SEOH', 'SEOH'),
    aquatech: T('Aquatech', 'Aquatech'),
    flexeau: T('FlexEau', 'FlexEau'),
    transvie: T('Transvie', 'Transvie'),
    aftu: T('AFTU', 'AFTU'),
    coupon: T('Coupon', 'Coupon'),
    bank: T('Bank', 'Banque'),
    payroll: T('Payroll', 'Paie'),
    network: T('Network', 'Réseau'),
    chargeback: T('Chargeback', 'Rétrofacturation'),
  },
  networks: {
    'edk-distribution': T('EDK Distribution', 'EDK Distribution'),
    tefess: T('Tefess', 'Tefess'),
    'low-price': T('Low Price', 'Low Price'),
    djoloff: T('Djoloff', 'Djoloff'),
  },
  kinds: {
    customer: T('Customer', 'Client'),
    agent: T('Agent', 'Agent'),
    merchant: T('Merchant', 'Marchand'),
    bank_float: T('Bank float', 'Float bancaire'),
    partner: T('Partner', 'Partenaire'),
    network: T('Network', 'Réseau'),
    fees: T('Fees', 'Frais'),
    commissions: T('Commissions', 'Commissions'),
    system: T('System', 'Système'),
  },
  kyc: {
    approved: T('Approved', 'Approuvé'),
    pending: T('Pending', 'En attente'),
    rejected: T('Rejected', 'Rejeté'),
    more_documents: T('More documents', 'Documents supplémentaires'),
  },
  pin: {
    set: T('Set', 'Défini'),
    not_set: T('Not set', 'Non défini'),
    blocked: T('Blocked', 'Bloqué'),
    reset_requested: T('Reset requested', 'Réinitialisation demandée'),
  },
  channels: {
    dashboard: T('Dashboard', 'Tableau de bord'),
    wap1: T('Phone browser (WAP)', 'Navigateur du téléphone (WAP)'),
    ussd: T('Phone menu (USSD)', 'Menu du téléphone (USSD)'),
    app: T('Mobile app', 'Application mobile'),
    // The server itself, for what happens on a clock and not at a user's request (a request expiring).
    system: T('Server', 'Serveur'),
  },
  documents: DOCUMENT_TYPE_TITLES,
} as const satisfies Record<string, Record<string, Text>>;

export type ValueFamily = keyof typeof VALUE_LABELS;

/** Which family names the values of a report column. */
const FAMILY_OF_COLUMN: Record<string, ValueFamily> = {
  status: 'status',
  type: 'types',
  service: 'services',
  network: 'networks',
  kind: 'kinds',
  kycStatus: 'kyc',
  pinStatus: 'pin',
  channel: 'channels',
};

/** Aggregate reports group by a code whose values have labels too. */
export const FAMILY_OF_GROUP: Record<string, ValueFamily | undefined> = {
  service: 'services',
  network: 'networks',
  type: 'types',
};

export function familyOf(column: string): ValueFamily | undefined {
  return FAMILY_OF_COLUMN[column];
}

/** A code without a label, made readable: `more_documents` → `More documents`. */
export function humanizeCode(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : code;
}

/** The label of a code in one language, or the code made readable when none is known. */
export function labelOf(family: ValueFamily | undefined, code: string, lang: keyof Text): string {
  if (!family) return code;
  const labels: Record<string, Text> = VALUE_LABELS[family];
  return labels[code]?.[lang] ?? humanizeCode(code);
}

/** One language's labels, shaped as the translator's `reports.values` part. */
export function valueLabelsIn(lang: keyof Text): Record<ValueFamily, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(VALUE_LABELS).map(([family, labels]) => [
      family,
      Object.fromEntries(Object.entries(labels).map(([code, text]) => [code, (text as Text)[lang]])),
    ]),
  ) as Record<ValueFamily, Record<string, string>>;
}
