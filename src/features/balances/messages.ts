import type { PageMessages } from '../../i18n/page-messages';

/**
 * The balance and repartition pages' strings, English and French side by side; they ship in
 * the pages' lazy chunks (usePageMessages). Date range, totals and print period are the kit's.
 */
export const BALANCE_MESSAGES_KEY = 'balances';

const en = {
  current: 'Current balance',
  opening: 'Opening balance',
  credits: 'Credits',
  debits: 'Debits',
  closing: 'Closing balance',
  chartTitle: 'Daily closing balance',
  chartDesc:
    'Closing balance each day from {{from}} to {{to}}, from {{opening}} to {{closing}}, with the credits and debits of each day as bars.',
  noDays: 'No movements in this period',
  days: 'Days',
  date: 'Date',
  float: 'Float',
  accounts: 'Accounts',
  kind: 'Account kind',
  balance: 'Balance',
  share: 'Share',
  repartitionTitle: 'Balance by account kind',
  repartitionTable: 'Accounts and balances by kind',
  repartitionDesc: 'Wallet balances of {{bank}} by account kind; the float is {{float}}.',
  noRows: 'No accounts hold a balance at this bank',
};

export type BalanceMessages = typeof en;

const fr: BalanceMessages = {
  current: 'Solde actuel',
  opening: "Solde d'ouverture",
  credits: 'Crédits',
  debits: 'Débits',
  closing: 'Solde de clôture',
  chartTitle: 'Solde de clôture quotidien',
  chartDesc:
    'Solde de clôture de chaque jour du {{from}} au {{to}}, de {{opening}} à {{closing}}, avec les crédits et débits de chaque jour en barres.',
  noDays: 'Aucun mouvement sur cette période',
  days: 'Jours',
  date: 'Date',
  float: 'Float',
  accounts: 'Comptes',
  kind: 'Type de compte',
  balance: 'Solde',
  share: 'Part',
  repartitionTitle: 'Solde par type de compte',
  repartitionTable: 'Comptes et soldes par type',
  repartitionDesc: 'Soldes des portefeuilles de {{bank}} par type de compte ; le float est de {{float}}.',
  noRows: "Aucun compte n'a de solde dans cette banque",
};

export const BALANCE_MESSAGES: PageMessages<BalanceMessages> = { en, fr };
