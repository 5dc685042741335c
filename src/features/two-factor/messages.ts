import type { PageMessages } from '../../i18n/page-messages';

const en = {
  loading: 'Loading…',
  loadFailed: 'Your two-step verification could not be read.',
  retry: 'Try again',
  own: {
    title: 'Your two-step verification',
    on: 'On since {{when}}',
    off: 'Off',
    statusLabel: 'Status',
    intro:
      'With two-step verification on, signing in asks for your password and a code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, FreeOTP…).',
    codesLeft: '{{count}} recovery codes left.',
    codesLow: 'Only {{count}} recovery codes left: get a new set below.',
    setUp: 'Set up two-step verification',
    starting: 'Preparing…',
  },
  enrol: {
    scanTitle: '1. Scan this QR code with your authenticator app',
    qrAlt: 'QR code to add {{account}} ({{issuer}}) to an authenticator app',
    keyIntro: 'Cannot scan it? Add the account by hand with this key (time-based):',
    keyLabel: 'Key',
    account: 'Account: {{account}} · {{issuer}}',
    confirmTitle: '2. Enter the 6-digit code the app now shows',
    code: 'Code from the app',
    turnOn: 'Turn on',
    turningOn: 'Checking…',
    cancel: 'Cancel',
  },
  codes: {
    title: 'Two-step verification is on',
    intro:
      'Save these recovery codes somewhere safe now: they will not be shown again. Each one signs you in once if your phone is not at hand.',
    listLabel: 'Recovery codes',
    copy: 'Copy',
    copied: 'Copied.',
    copyFailed: 'Could not copy: select the codes, or download them.',
    download: 'Download',
    done: 'I have saved them',
  },
  regenerate: {
    start: 'New recovery codes',
    title: 'Get new recovery codes',
    intro:
      'Enter the code your app shows now, or one of your recovery codes. You get ten new codes; all your current recovery codes stop working.',
    code: 'Code',
    confirm: 'Get new codes',
    sending: 'Preparing…',
    cancel: 'Cancel',
    doneTitle: 'Your new recovery codes',
    doneIntro:
      'Your old recovery codes no longer work. Save these somewhere safe now: they will not be shown again. Each one signs you in once if your phone is not at hand.',
  },
  disable: {
    start: 'Turn off',
    title: 'Turn off two-step verification',
    intro: 'Enter the code your app shows now, or one of your recovery codes.',
    code: 'Code',
    confirm: 'Turn off',
    sending: 'Turning off…',
    cancel: 'Cancel',
  },
  problems: {
    required: 'Enter the code.',
    format: 'A code from the app has 6 digits.',
    formatAny: 'Enter the 6 digits from your app, or a recovery code such as abcde-12345.',
  },
  admin: {
    title: 'Reset another user’s two-step verification',
    intro:
      'For a user who lost their phone and their recovery codes: after the reset they sign in with their password alone, until they set it up again.',
    username: 'Username',
    usernameMissing: 'Enter a username.',
    find: 'Find',
    finding: 'Finding…',
    result: '{{name}} ({{username}})',
    on: 'Two-step verification on since {{when}}',
    pending: 'Set-up started, not finished',
    off: 'Two-step verification off',
    reset: 'Reset',
    confirm: 'Reset two-step verification for {{username}}? They will sign in with their password alone.',
    confirmYes: 'Yes, reset',
    resetting: 'Resetting…',
    cancel: 'Cancel',
    done: 'Two-step verification was reset for {{username}}.',
    requested:
      '{{username}} decides what others ask: the reset waits for a second administrator in the approvals inbox. Their two-step verification stays on until then.',
  },
};

export type TwoFactorMessages = typeof en;

export const twoFactorMessages: PageMessages<TwoFactorMessages> = {
  en,
  fr: {
    loading: 'Chargement…',
    loadFailed: 'Votre vérification en deux étapes n’a pas pu être lue.',
    retry: 'Réessayer',
    own: {
      title: 'Votre vérification en deux étapes',
      on: 'Activée depuis le {{when}}',
      off: 'Désactivée',
      statusLabel: 'État',
      intro:
        'Avec la vérification en deux étapes, la connexion demande votre mot de passe et un code d’une application d’authentification sur votre téléphone (Google Authenticator, Microsoft Authenticator, FreeOTP…).',
      codesLeft: 'Il reste {{count}} codes de récupération.',
      codesLow: 'Il ne reste que {{count}} codes de récupération : obtenez-en de nouveaux ci-dessous.',
      setUp: 'Configurer la vérification en deux étapes',
      starting: 'Préparation…',
    },
    enrol: {
      scanTitle: '1. Scannez ce code QR avec votre application d’authentification',
      qrAlt: 'Code QR pour ajouter {{account}} ({{issuer}}) à une application d’authentification',
      keyIntro: 'Impossible de le scanner ? Ajoutez le compte à la main avec cette clé (basée sur le temps) :',
      keyLabel: 'Clé',
      account: 'Compte : {{account}} · {{issuer}}',
      confirmTitle: '2. Saisissez le code à 6 chiffres affiché par l’application',
      code: 'Code de l’application',
      turnOn: 'Activer',
      turningOn: 'Vérification…',
      cancel: 'Annuler',
    },
    codes: {
      title: 'La vérification en deux étapes est activée',
      intro:
        'Conservez ces codes de récupération en lieu sûr dès maintenant : ils ne seront plus affichés. Chacun permet une connexion si votre téléphone n’est pas à portée de main.',
      listLabel: 'Codes de récupération',
      copy: 'Copier',
      copied: 'Copié.',
      copyFailed: 'Copie impossible : sélectionnez les codes, ou téléchargez-les.',
      download: 'Télécharger',
      done: 'Je les ai conservés',
    },
    regenerate: {
      start: 'Nouveaux codes de récupération',
      title: 'Obtenir de nouveaux codes de récupération',
      intro:
        'Saisissez le code affiché par votre application, ou l’un de vos codes de récupération. Vous recevez dix nouveaux codes ; tous vos codes de récupération actuels cessent de fonctionner.',
      code: 'Code',
      confirm: 'Obtenir de nouveaux codes',
      sending: 'Préparation…',
      cancel: 'Annuler',
      doneTitle: 'Vos nouveaux codes de récupération',
      doneIntro:
        'Vos anciens codes de récupération ne fonctionnent plus. Conservez ceux-ci en lieu sûr dès maintenant : ils ne seront plus affichés. Chacun permet une connexion si votre téléphone n’est pas à portée de main.',
    },
    disable: {
      start: 'Désactiver',
      title: 'Désactiver la vérification en deux étapes',
      intro: 'Saisissez le code affiché par votre application, ou l’un de vos codes de récupération.',
      code: 'Code',
      confirm: 'Désactiver',
      sending: 'Désactivation…',
      cancel: 'Annuler',
    },
    problems: {
      required: 'Saisissez le code.',
      format: 'Un code de l’application a 6 chiffres.',
      formatAny: 'Saisissez les 6 chiffres de votre application, ou un code de récupération comme abcde-12345.',
    },
    admin: {
      title: 'Réinitialiser la vérification en deux étapes d’un autre utilisateur',
      intro:
        'Pour un utilisateur qui a perdu son téléphone et ses codes de récupération : après la réinitialisation, il se connecte avec son seul mot de passe, jusqu’à ce qu’il la configure de nouveau.',
      username: 'Nom d’utilisateur',
      usernameMissing: 'Saisissez un nom d’utilisateur.',
      find: 'Rechercher',
      finding: 'Recherche…',
      result: '{{name}} ({{username}})',
      on: 'Vérification en deux étapes activée depuis le {{when}}',
      pending: 'Configuration commencée, non terminée',
      off: 'Vérification en deux étapes désactivée',
      reset: 'Réinitialiser',
      confirm:
        'Réinitialiser la vérification en deux étapes de {{username}} ? Il se connectera avec son seul mot de passe.',
      confirmYes: 'Oui, réinitialiser',
      resetting: 'Réinitialisation…',
      cancel: 'Annuler',
      done: 'La vérification en deux étapes de {{username}} a été réinitialisée.',
      requested:
        '{{username}} décide de ce que d’autres demandent : la réinitialisation attend un second administrateur dans la boîte des approbations. Sa vérification en deux étapes reste active jusque-là.',
    },
  },
};
