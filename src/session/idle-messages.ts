import type { PageMessages } from '../i18n/page-messages';

const en = {
  title: 'Still there?',
  body: 'For your security, you will be signed out because of inactivity in',
  timer: 'Time left before sign-out',
  stay: 'Stay signed in',
  staying: 'Staying signed in…',
  signOut: 'Sign out',
  failed: 'The server could not be reached. Check your connection and try again.',
};

export const idleMessages: PageMessages<typeof en> = {
  en,
  fr: {
    title: 'Toujours là ?',
    body: 'Par sécurité, vous serez déconnecté pour inactivité dans',
    timer: 'Temps restant avant la déconnexion',
    stay: 'Rester connecté',
    staying: 'Maintien de la connexion…',
    signOut: 'Se déconnecter',
    failed: 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
  },
};
