import type { TransferFlowId } from '../../../contract/transfers';
import type { PageMessages } from '../../i18n/page-messages';

/** /fees strings; they ship in the page's lazy chunk (usePageMessages). */
export const FEES_MESSAGES_KEY = 'fees';

const flowsEn: Record<TransferFlowId, string> = {
  'admin-cash-in': 'Admin cash-in',
  'agent-cash-in': 'Agent cash-in',
  'cash-out': 'Cash-out',
  'payroll-cash-in': 'Payroll cash-in',
  'bank-cash-in': 'Bank cash-in',
  'bank-cash-out': 'Bank cash-out',
  'head-credit': 'Head credit to a master',
  'master-credit': 'Master credit to a location',
  'location-credit': 'Location credit to a wallet',
  'uv-remote': 'UV remote sale',
};

const flowsFr: Record<TransferFlowId, string> = {
  'admin-cash-in': 'Dépôt administrateur',
  'agent-cash-in': 'Dépôt par un agent',
  'cash-out': 'Retrait',
  'payroll-cash-in': 'Dépôt de la paie',
  'bank-cash-in': 'Dépôt bancaire',
  'bank-cash-out': 'Retrait bancaire',
  'head-credit': 'Crédit de la tête à un master',
  'master-credit': 'Crédit du master à un point',
  'location-credit': 'Crédit du point à un portefeuille',
  'uv-remote': 'Vente UV à distance',
};

const en = {
  intro:
    'What each transfer costs, by amount band. A change waits for a second administrator and applies from the moment they approve it; transactions already made keep the fee they were charged.',
  loading: 'Loading fees…',
  flows: flowsEn,
  preview: {
    title: 'Preview a fee',
    flow: 'Transfer',
    amount: 'Amount (XOF)',
    amountHint: 'Whole francs',
    fee: 'Fee',
    commission: 'Agent commission',
    total: 'Customer pays',
    forAmount: 'For {{amount}} under the schedule in force.',
    empty: 'Type an amount to see its fee.',
    busy: 'Computing…',
  },
  schedules: {
    title: 'Fee schedules',
    since: 'In force since {{date}}',
    approved: 'asked by {{maker}}, approved by {{checker}}',
    installed: 'installed with the system',
    edit: 'Change bands',
    editLabel: 'Change the bands of {{flow}}',
    caption: 'Bands of {{flow}}',
  },
  columns: {
    range: 'Amount',
    fixedFee: 'Fixed fee',
    percentFee: 'Rate',
    minFee: 'Minimum fee',
    maxFee: 'Maximum fee',
    commissionShare: 'Agent share of fee',
    commissionRate: 'Agent commission rate',
  },
  range: '{{from}} to {{to}}',
  noCap: 'No cap',
  pending: {
    waits: 'New bands asked by {{maker}} on {{date}}: waits for a second administrator.',
    mine: 'You asked for new bands on {{date}}: waits for a second administrator.',
  },
  form: {
    title: 'Change the bands of {{flow}}',
    description:
      'The bands must follow each other with no gap and no overlap. Amounts are whole francs, rates in percent. The change applies once a second administrator approves it.',
    band: 'Band {{n}}',
    minAmount: 'From (XOF)',
    maxAmount: 'To (XOF)',
    fixedFee: 'Fixed fee (XOF)',
    percentFee: 'Rate (%)',
    minFee: 'Minimum fee (XOF)',
    maxFee: 'Maximum fee (XOF)',
    maxFeeHint: 'Empty: no cap',
    commissionShare: 'Agent share of fee (%)',
    commissionRate: 'Agent commission rate (%)',
    add: 'Add a band',
    remove: 'Remove band {{n}}',
    cancel: 'Cancel',
    submit: 'Submit for approval',
    submitting: 'Submitting…',
  },
  errors: {
    required: 'Required',
    wholeXof: 'A whole number of francs',
    percent: 'A rate from 0 to 100 %, at most two decimals',
    BAND_RANGE_INVERTED: '“To” must not be below “From”',
    BANDS_OVERLAP: 'This band overlaps the band before it',
    BANDS_GAP: 'Leaves a gap after the band before it: start just above its “To”',
    MIN_FEE_ABOVE_MAX_FEE: 'The maximum fee is below the minimum fee',
    NO_BANDS: 'Keep at least one band',
    TOO_MANY_BANDS: 'At most 20 bands',
  },
  limits: {
    title: 'Transfer limits',
    since: 'In force since {{date}}',
    configured: 'The values the server was started with',
    edit: 'Change limits',
    approvalThreshold: 'Approval above (XOF)',
    customerDailyLimit: 'Customer daily limit (XOF)',
    maxTransfer: 'Largest transfer (XOF)',
    formTitle: 'Change the transfer limits',
    formDescription:
      'Transfers above the approval threshold wait for a checker; a customer cannot move more than the daily limit in a day. The new limits apply once a second administrator approves them.',
    errors: {
      wholeXof: 'A whole number of francs above zero',
      order: 'The approval threshold cannot exceed the largest transfer',
    },
    pending: {
      waits: 'New limits asked by {{maker}} on {{date}}: they wait for a second administrator.',
      mine: 'You asked for new limits on {{date}}: they wait for a second administrator.',
    },
  },
  done: 'The new bands of {{flow}} wait for a second administrator.',
  limitsDone: 'The new transfer limits wait for a second administrator.',
  history: {
    title: 'History',
    caption: 'Fee schedules over time',
    empty: 'No schedule yet.',
    columns: {
      from: 'In force from',
      to: 'Until',
      flow: 'Transfer',
      bands: 'Bands',
      requestedBy: 'Asked by',
      approvedBy: 'Approved by',
    },
    current: 'In force',
    system: 'System',
    bandCount_one: '{{count}} band',
    bandCount_other: '{{count}} bands',
  },
};

export type FeesMessages = typeof en;

const fr: FeesMessages = {
  intro:
    'Ce que coûte chaque transfert, par tranche de montant. Un changement attend un second administrateur et s’applique dès qu’il l’approuve ; les transactions déjà faites gardent les frais qui leur ont été facturés.',
  loading: 'Chargement des frais…',
  flows: flowsFr,
  preview: {
    title: 'Simuler des frais',
    flow: 'Transfert',
    amount: 'Montant (XOF)',
    amountHint: 'Francs entiers',
    fee: 'Frais',
    commission: 'Commission de l’agent',
    total: 'Le client paie',
    forAmount: 'Pour {{amount}} selon le barème en vigueur.',
    empty: 'Saisissez un montant pour voir ses frais.',
    busy: 'Calcul…',
  },
  schedules: {
    title: 'Barèmes de frais',
    since: 'En vigueur depuis le {{date}}',
    approved: 'demandé par {{maker}}, approuvé par {{checker}}',
    installed: 'installé avec le système',
    edit: 'Modifier les tranches',
    editLabel: 'Modifier les tranches de {{flow}}',
    caption: 'Tranches de {{flow}}',
  },
  columns: {
    range: 'Montant',
    fixedFee: 'Frais fixes',
    percentFee: 'Taux',
    minFee: 'Frais minimum',
    maxFee: 'Frais maximum',
    commissionShare: 'Part des frais à l’agent',
    commissionRate: 'Taux de commission de l’agent',
  },
  range: '{{from}} à {{to}}',
  noCap: 'Sans plafond',
  pending: {
    waits: 'Nouvelles tranches demandées par {{maker}} le {{date}} : en attente d’un second administrateur.',
    mine: 'Vous avez demandé de nouvelles tranches le {{date}} : en attente d’un second administrateur.',
  },
  form: {
    title: 'Modifier les tranches de {{flow}}',
    description:
      'Les tranches doivent se suivre sans trou ni chevauchement. Montants en francs entiers, taux en pourcentage. Le changement s’applique quand un second administrateur l’approuve.',
    band: 'Tranche {{n}}',
    minAmount: 'De (XOF)',
    maxAmount: 'À (XOF)',
    fixedFee: 'Frais fixes (XOF)',
    percentFee: 'Taux (%)',
    minFee: 'Frais minimum (XOF)',
    maxFee: 'Frais maximum (XOF)',
    maxFeeHint: 'Vide : sans plafond',
    commissionShare: 'Part des frais à l’agent (%)',
    commissionRate: 'Taux de commission de l’agent (%)',
    add: 'Ajouter une tranche',
    remove: 'Retirer la tranche {{n}}',
    cancel: 'Annuler',
    submit: 'Soumettre pour approbation',
    submitting: 'Envoi…',
  },
  errors: {
    required: 'Obligatoire',
    wholeXof: 'Un nombre entier de francs',
    percent: 'Un taux de 0 à 100 %, deux décimales au plus',
    BAND_RANGE_INVERTED: '« À » ne doit pas être inférieur à « De »',
    BANDS_OVERLAP: 'Cette tranche chevauche la précédente',
    BANDS_GAP: 'Laisse un trou après la tranche précédente : commencez juste au-dessus de son « À »',
    MIN_FEE_ABOVE_MAX_FEE: 'Les frais maximum sont inférieurs aux frais minimum',
    NO_BANDS: 'Gardez au moins une tranche',
    TOO_MANY_BANDS: '20 tranches au plus',
  },
  limits: {
    title: 'Plafonds de transfert',
    since: 'En vigueur depuis le {{date}}',
    configured: 'Les valeurs de démarrage du serveur',
    edit: 'Modifier les plafonds',
    approvalThreshold: 'Approbation au-delà de (XOF)',
    customerDailyLimit: 'Plafond journalier client (XOF)',
    maxTransfer: 'Plus grand transfert (XOF)',
    formTitle: 'Modifier les plafonds de transfert',
    formDescription:
      'Les transferts au-delà du seuil d’approbation attendent un vérificateur ; un client ne peut pas déplacer plus que le plafond journalier en un jour. Les nouveaux plafonds s’appliquent quand un second administrateur les approuve.',
    errors: {
      wholeXof: 'Un nombre entier de francs supérieur à zéro',
      order: 'Le seuil d’approbation ne peut pas dépasser le plus grand transfert',
    },
    pending: {
      waits: 'Nouveaux plafonds demandés par {{maker}} le {{date}} : en attente d’un second administrateur.',
      mine: 'Vous avez demandé de nouveaux plafonds le {{date}} : en attente d’un second administrateur.',
    },
  },
  done: 'Les nouvelles tranches de {{flow}} attendent un second administrateur.',
  limitsDone: 'Les nouveaux plafonds de transfert attendent un second administrateur.',
  history: {
    title: 'Historique',
    caption: 'Barèmes de frais dans le temps',
    empty: 'Aucun barème pour l’instant.',
    columns: {
      from: 'En vigueur depuis',
      to: 'Jusqu’au',
      flow: 'Transfert',
      bands: 'Tranches',
      requestedBy: 'Demandé par',
      approvedBy: 'Approuvé par',
    },
    current: 'En vigueur',
    system: 'Système',
    bandCount_one: '{{count}} tranche',
    bandCount_other: '{{count}} tranches',
  },
};

export const feesMessages: PageMessages<FeesMessages> = { en, fr };

/** The page's translate function, keys relative to the fees strings. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;
