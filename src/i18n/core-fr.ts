import type { CoreMessages } from './en';

export const frCore: CoreMessages = {
  app: { name: 'Back-office Wallet', tagline: 'Opérations mobile money et monnaie électronique' },
  login: {
    title: 'Connexion',
    subtitle: 'Utilisez votre compte back-office.',
    username: "Nom d'utilisateur",
    password: 'Mot de passe',
    submit: 'Se connecter',
    submitting: 'Connexion…',
    usernameRequired: "Saisissez votre nom d'utilisateur.",
    passwordRequired: 'Saisissez votre mot de passe.',
    showPassword: 'Afficher le mot de passe',
    hidePassword: 'Masquer le mot de passe',
  },
  shell: {
    language: 'Langue',
    updateReady: 'Une nouvelle version du tableau de bord est prête.',
    reload: 'Recharger',
  },
  common: {
    dismiss: 'Fermer',
    loading: 'Chargement…',
    loadFailed: "Cette page n'a pas pu être chargée.",
    retry: 'Réessayer',
  },
};
