import type { PageMessages } from '../../i18n/page-messages';

/** /audit-trail strings; they ship in the page's lazy chunk (usePageMessages). */
const en = {
  intro:
    'Who did what, when and through which channel: banks, QR codes, sign-ins and the other security-relevant changes. Money movements and KYC decisions also keep their own history.',
  filters: {
    label: 'Filter the audit trail',
    user: 'User',
    userHint: 'Username or part of the name',
    action: 'Action',
    allActions: 'All actions',
    allOf: 'All {{namespace}} actions',
    channel: 'Channel',
    allChannels: 'All channels',
    from: 'From',
    to: 'To',
    apply: 'Apply',
    clear: 'Clear filters',
  },
  loading: 'Loading events…',
  empty: 'No event matches these filters.',
  emptyAll: 'Nothing has been recorded yet.',
  caption: 'Audit events, newest first',
  columns: {
    at: 'When',
    user: 'Who',
    channel: 'Channel',
    action: 'What',
    target: 'On',
    details: 'Details',
  },
  system: 'No signed-in user',
  export: {
    csv: 'Export CSV',
    xlsx: 'Export XLSX',
    working: 'Preparing the file…',
    hint: 'The export holds every event matching the filters (100,000 at most).',
  },
};

export type AuditMessages = typeof en;

const fr: AuditMessages = {
  intro:
    'Qui a fait quoi, quand et par quel canal : banques, codes QR, connexions et les autres changements sensibles. Les mouvements d’argent et les décisions KYC gardent aussi leur propre historique.',
  filters: {
    label: 'Filtrer le journal d’audit',
    user: 'Utilisateur',
    userHint: 'Identifiant ou partie du nom',
    action: 'Action',
    allActions: 'Toutes les actions',
    allOf: 'Toutes les actions ({{namespace}})',
    channel: 'Canal',
    allChannels: 'Tous les canaux',
    from: 'Du',
    to: 'Au',
    apply: 'Appliquer',
    clear: 'Effacer les filtres',
  },
  loading: 'Chargement des événements…',
  empty: 'Aucun événement ne correspond à ces filtres.',
  emptyAll: 'Rien n’a encore été enregistré.',
  caption: 'Événements d’audit, les plus récents d’abord',
  columns: {
    at: 'Quand',
    user: 'Qui',
    channel: 'Canal',
    action: 'Quoi',
    target: 'Sur',
    details: 'Détails',
  },
  system: 'Aucun utilisateur connecté',
  export: {
    csv: 'Exporter en CSV',
    xlsx: 'Exporter en XLSX',
    working: 'Préparation du fichier…',
    hint: 'L’export contient tous les événements correspondant aux filtres (100 000 au plus).',
  },
};

export const AUDIT_MESSAGES_KEY = 'auditTrail';
export const auditMessages: PageMessages<AuditMessages> = { en, fr };
