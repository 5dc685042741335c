import type { PageMessages } from '../../i18n/page-messages';

/**
 * The report page's strings, English and French side by side; they ship in the page's lazy
 * chunk (usePageMessages). What other features show too (date range, pager, value labels,
 * totals) is in the kit's part (src/i18n/kit-en.ts).
 */
export const REPORT_MESSAGES_KEY = 'reports';

const en = {
  clearFilters: 'Clear filters',
  all: 'All',
  filter: {
    status: 'Status',
    service: 'Service',
    type: 'Type',
    bank: 'Bank',
    network: 'Network',
    kycStatus: 'KYC status',
    accountStatus: 'Account status',
    search: 'Search phone, reference or name',
    account: 'Account',
  },
  party: {
    suggestions: 'People matching “{{text}}”',
    choose: 'Show only {{name}}’s account {{number}}',
    remove: 'Remove the account filter {{name}}',
  },
  coversAccounts_one: 'covers {{count}} account',
  coversAccounts_other: 'covers {{count}} accounts',
  columns: 'Columns',
  chooseColumns: 'Choose columns',
  exportCsv: 'Export CSV',
  exportXlsx: 'Export Excel',
  exports: {
    title: 'Exports',
    csv: 'CSV',
    xlsx: 'Excel',
    jobName: '{{report}} ({{format}})',
    running: 'Exporting {{name}}…',
    again: '{{name}} is already being exported: here is its progress.',
    ready: '{{name}} is ready.',
    progress: '{{done}} of {{total}} rows',
    progressUnknown: '{{done}} rows',
    download: 'Download',
    failed: 'The export failed.',
    recent: 'Running and recent exports',
    none: 'No exports yet.',
    runningCount: '{{n}} running',
  },
  empty: {
    transactions: 'No transactions match these filters',
    accounts: 'No accounts match these filters',
    closures: 'No requests match these filters',
    aggregate: 'No transactions match these filters',
  },
  totalCount: 'Total ({{n}})',
  byStatus: {
    title: 'Totals by status',
    figure: '{{status}}: {{n}} · {{amount}}',
    counted: '{{status}} ({{n}})',
    success: 'Successful',
    failed: 'Failed',
    reversed: 'Reversed',
    pending: 'Pending',
    note: 'Totals count successful transactions only. Failed, reversed and pending ones are shown beside them, never added in.',
    noteFiltered: 'Filtered on one status: the totals count these transactions only.',
  },
};

export type ReportMessages = typeof en;

const fr: ReportMessages = {
  clearFilters: 'Effacer les filtres',
  all: 'Tous',
  filter: {
    status: 'Statut',
    service: 'Service',
    type: 'Type',
    bank: 'Banque',
    network: 'Réseau',
    kycStatus: 'Statut KYC',
    accountStatus: 'Statut du compte',
    search: 'Rechercher un téléphone, une référence ou un nom',
    account: 'Compte',
  },
  party: {
    suggestions: 'Personnes correspondant à « {{text}} »',
    choose: 'Afficher seulement le compte {{number}} de {{name}}',
    remove: 'Retirer le filtre du compte {{name}}',
  },
  coversAccounts_one: 'couvre {{count}} compte',
  coversAccounts_other: 'couvre {{count}} comptes',
  columns: 'Colonnes',
  chooseColumns: 'Choisir les colonnes',
  exportCsv: 'Exporter en CSV',
  exportXlsx: 'Exporter en Excel',
  exports: {
    title: 'Exports',
    csv: 'CSV',
    xlsx: 'Excel',
    jobName: '{{report}} ({{format}})',
    running: 'Export en cours : {{name}}…',
    again: '{{name}} est déjà en cours d’export : voici sa progression.',
    ready: '{{name}} est prêt.',
    progress: '{{done}} lignes sur {{total}}',
    progressUnknown: '{{done}} lignes',
    download: 'Télécharger',
    failed: "L'export a échoué.",
    recent: 'Exports en cours et récents',
    none: 'Aucun export pour l’instant.',
    runningCount: '{{n}} en cours',
  },
  empty: {
    transactions: 'Aucune transaction ne correspond à ces filtres',
    accounts: 'Aucun compte ne correspond à ces filtres',
    closures: 'Aucune demande ne correspond à ces filtres',
    aggregate: 'Aucune transaction ne correspond à ces filtres',
  },
  totalCount: 'Total ({{n}})',
  byStatus: {
    title: 'Totaux par statut',
    figure: '{{status}} : {{n}} · {{amount}}',
    counted: '{{status}} ({{n}})',
    success: 'Réussies',
    failed: 'Échouées',
    reversed: 'Annulées',
    pending: 'En attente',
    note: 'Les totaux ne comptent que les transactions réussies. Les échouées, annulées et en attente sont indiquées à côté, jamais ajoutées.',
    noteFiltered: 'Filtré sur un statut : les totaux ne comptent que ces transactions.',
  },
};

export const REPORT_MESSAGES: PageMessages<ReportMessages> = { en, fr };
