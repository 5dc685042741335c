import type { PageMessages } from '../../i18n/page-messages';

/**
 * /registration/… strings, English and French side by side; they ship in the page's lazy chunk
 * (usePageMessages). The field messages every form shows are in the kit's part.
 */
export const REGISTRATION_MESSAGES_KEY = 'registration';

const en = {
  notDefined: 'This registration form is not defined.',
  steps: 'Steps',
  stepOf: 'Step {{step}} of {{count}}',
  example: 'For example: {{example}}',
  back: 'Back',
  next: 'Next',
  checking: 'Checking…',
  submit: 'Register',
  submitting: 'Registering…',
  draft: {
    restored: 'Your unfinished form was restored (saved {{when}}). Documents must be chosen again.',
    discard: 'Discard draft',
  },
  duplicates: {
    phone: 'This phone number is already registered: the registration would be refused. Check it.',
    phoneOf: 'This phone number is already registered to account {{account}}: the registration would be refused.',
    nationalId: 'This national ID number is already registered: the registration would be refused. Check it.',
    nationalIdOf:
      'This national ID number is already registered to account {{account}}: the registration would be refused.',
    both: 'The phone number and the national ID number are already registered.',
  },
  documents: {
    intro:
      'JPEG, PNG or PDF, at most {{max}} MB each. They are uploaded once the account is created; the account cannot be approved until the required ones are on file.',
    required: 'required',
    optional: 'optional',
    remove: 'Remove {{document}}',
  },
  review: {
    title: 'Check and register',
    edit: 'Edit',
    editStep: 'Edit {{step}}',
    documents: 'Documents',
    noDocuments: 'No document chosen.',
    missingDocuments: 'Still missing for approval: {{documents}}.',
    pendingNotice: 'The account is created inactive, with its KYC pending, until a reviewer approves it.',
  },
  done: {
    title: 'Account created',
    number: 'Account number',
    name: 'Name',
    phone: 'Phone',
    kyc: 'KYC',
    kycPending: 'KYC pending',
    inactive: 'The account stays inactive until a reviewer approves its KYC.',
    documents: 'Documents',
    upload: {
      waiting: 'waiting',
      sending: 'uploading…',
      done: 'uploaded',
      failed: 'not uploaded',
    },
    missing: 'Still missing: {{documents}}.',
    uploadLater: 'Upload them later',
    retryUploads: 'Upload again',
    another: 'Register another',
  },
};

export type RegistrationMessages = typeof en;

const fr: RegistrationMessages = {
  notDefined: 'Ce formulaire d’inscription n’est pas défini.',
  steps: 'Étapes',
  stepOf: 'Étape {{step}} sur {{count}}',
  example: 'Par exemple : {{example}}',
  back: 'Retour',
  next: 'Suivant',
  checking: 'Vérification…',
  submit: 'Inscrire',
  submitting: 'Inscription…',
  draft: {
    restored:
      'Votre formulaire inachevé a été restauré (enregistré le {{when}}). Les documents doivent être choisis à nouveau.',
    discard: 'Abandonner le brouillon',
  },
  duplicates: {
    phone: 'Ce numéro de téléphone est déjà inscrit : l’inscription serait refusée. Vérifiez-le.',
    phoneOf: 'Ce numéro de téléphone est déjà inscrit au compte {{account}} : l’inscription serait refusée.',
    nationalId: 'Ce numéro de carte d’identité est déjà inscrit : l’inscription serait refusée. Vérifiez-le.',
    nationalIdOf:
      'Ce numéro de carte d’identité est déjà inscrit au compte {{account}} : l’inscription serait refusée.',
    both: 'Le numéro de téléphone et le numéro de carte d’identité sont déjà inscrits.',
  },
  documents: {
    intro:
      'JPEG, PNG ou PDF, {{max}} Mo au plus chacun. Ils sont téléversés une fois le compte créé ; le compte ne peut être approuvé qu’une fois les documents exigés fournis.',
    required: 'exigé',
    optional: 'facultatif',
    remove: 'Retirer {{document}}',
  },
  review: {
    title: 'Vérifier et inscrire',
    edit: 'Modifier',
    editStep: 'Modifier {{step}}',
    documents: 'Documents',
    noDocuments: 'Aucun document choisi.',
    missingDocuments: 'Encore manquants pour l’approbation : {{documents}}.',
    pendingNotice: 'Le compte est créé inactif, KYC en attente, jusqu’à son approbation par un vérificateur.',
  },
  done: {
    title: 'Compte créé',
    number: 'Numéro de compte',
    name: 'Nom',
    phone: 'Téléphone',
    kyc: 'KYC',
    kycPending: 'KYC en attente',
    inactive: 'Le compte reste inactif jusqu’à l’approbation de son KYC.',
    documents: 'Documents',
    upload: {
      waiting: 'en attente',
      sending: 'téléversement…',
      done: 'téléversé',
      failed: 'non téléversé',
    },
    missing: 'Encore manquants : {{documents}}.',
    uploadLater: 'Les téléverser plus tard',
    retryUploads: 'Téléverser à nouveau',
    another: 'Inscrire un autre compte',
  },
};

export const REGISTRATION_MESSAGES: PageMessages<RegistrationMessages> = { en, fr };
