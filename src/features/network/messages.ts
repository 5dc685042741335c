import type { PageMessages } from '../../i18n/page-messages';

/**
 * /network/head strings, English and French side by side; they ship in the page's lazy chunk
 * (usePageMessages).
 */
export const NETWORK_MESSAGES_KEY = 'network';

const en = {
  empty: 'No merchant chain is linked to your account.',
  treeHeading: 'Chain',
  filter: 'Find',
  filterHint: 'Name, account, phone or region',
  noMatch: 'No account of the chain matches.',
  networkBalance: 'Balance of the chain',
  credits30d: 'Received, last 30 days',
  debits30d: 'Sent, last 30 days',
  accounts: 'Accounts',
  count: {
    head_one: '{{count}} head',
    head_other: '{{count}} heads',
    master_one: '{{count}} master',
    master_other: '{{count}} masters',
    location_one: '{{count}} location',
    location_other: '{{count}} locations',
  },
  role: {
    head: 'Head',
    master: 'Master',
    location: 'Location',
  },
  expand: 'Expand {{name}}',
  collapse: 'Collapse {{name}}',
  balance: 'Balance',
  subtreeBalance: 'With its network',
  lastActivity: 'Last activity',
  never: 'None yet',
};

export type NetworkMessages = typeof en;

const fr: NetworkMessages = {
  empty: 'Aucune chaîne de marchands n’est liée à votre compte.',
  treeHeading: 'Chaîne',
  filter: 'Rechercher',
  filterHint: 'Nom, compte, téléphone ou région',
  noMatch: 'Aucun compte de la chaîne ne correspond.',
  networkBalance: 'Solde de la chaîne',
  credits30d: 'Reçu, 30 derniers jours',
  debits30d: 'Envoyé, 30 derniers jours',
  accounts: 'Comptes',
  count: {
    head_one: '{{count}} principal',
    head_other: '{{count}} principaux',
    master_one: '{{count}} master',
    master_other: '{{count}} masters',
    location_one: '{{count}} point de vente',
    location_other: '{{count}} points de vente',
  },
  role: {
    head: 'Principal',
    master: 'Master',
    location: 'Point de vente',
  },
  expand: 'Déplier {{name}}',
  collapse: 'Replier {{name}}',
  balance: 'Solde',
  subtreeBalance: 'Avec son réseau',
  lastActivity: 'Dernière activité',
  never: 'Aucune',
};

export const NETWORK_MESSAGES: PageMessages<NetworkMessages> = { en, fr };
