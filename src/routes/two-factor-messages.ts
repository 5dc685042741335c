import type { PageMessages } from '../i18n/page-messages';

/** The code step's words: only a user with two-factor on sees it, so they come with its chunk (decision 060). */
const en = {
  title: 'Two-step verification',
  intro: 'Enter the 6-digit code your authenticator app shows for {{username}}.',
  code: 'Code',
  hint: 'No phone at hand? Enter one of your recovery codes instead.',
  required: 'Enter the code.',
  format: 'Enter the 6 digits from your app, or a recovery code such as abcde-12345.',
  verify: 'Verify',
  verifying: 'Verifying…',
  back: 'Back to sign in',
};

export const twoFactorStepMessages: PageMessages<typeof en> = {
  en,
  fr: {
    title: 'Vérification en deux étapes',
    intro: 'Saisissez le code à 6 chiffres affiché par votre application d’authentification pour {{username}}.',
    code: 'Code',
    hint: 'Pas de téléphone sous la main ? Saisissez plutôt l’un de vos codes de récupération.',
    required: 'Saisissez le code.',
    format: 'Saisissez les 6 chiffres de votre application, ou un code de récupération comme abcde-12345.',
    verify: 'Vérifier',
    verifying: 'Vérification…',
    back: 'Retour à la connexion',
  },
};
