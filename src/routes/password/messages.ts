import type { PageMessages } from '../../i18n/page-messages';

const en = {
  set: {
    title: 'Set a new password',
    intro:
      'You signed in with a one-time password. Choose a password of your own to continue: nobody else should know it.',
    submit: 'Set password and continue',
  },
  change: {
    title: 'Change password',
    intro: 'Your other sessions (another browser, another device) are signed out when the password changes.',
    submit: 'Change password',
    done: 'Your password has been changed. Your other sessions have been signed out.',
    again: 'Change it again',
  },
  current: 'Current password',
  currentOneTime: 'One-time password',
  new: 'New password',
  repeat: 'New password, again',
  rule: 'At least 10 characters. Avoid common words, names, dates and your username: a few unrelated words work well.',
  saving: 'Saving…',
  show: 'Show passwords',
  signOut: 'Sign out',
  problems: {
    currentMissing: 'Enter your current password.',
    mismatch: 'The two new passwords are not the same.',
    tooShort: 'Too short: use at least 10 characters.',
    tooLong: 'Too long: use at most 200 characters.',
    sameAsUsername: 'The password must not contain your username.',
    tooCommon: 'Too common or too easy to guess: add unrelated words or make it longer.',
  },
};

const fr: typeof en = {
  set: {
    title: 'Choisir un nouveau mot de passe',
    intro:
      'Vous vous êtes connecté avec un mot de passe à usage unique. Choisissez votre propre mot de passe pour continuer : personne d’autre ne doit le connaître.',
    submit: 'Enregistrer et continuer',
  },
  change: {
    title: 'Changer de mot de passe',
    intro:
      'Vos autres sessions (un autre navigateur, un autre appareil) sont déconnectées quand le mot de passe change.',
    submit: 'Changer le mot de passe',
    done: 'Votre mot de passe a été changé. Vos autres sessions ont été déconnectées.',
    again: 'Le changer à nouveau',
  },
  current: 'Mot de passe actuel',
  currentOneTime: 'Mot de passe à usage unique',
  new: 'Nouveau mot de passe',
  repeat: 'Nouveau mot de passe, à nouveau',
  rule: 'Au moins 10 caractères. Évitez les mots courants, les noms, les dates et votre identifiant : quelques mots sans rapport conviennent bien.',
  saving: 'Enregistrement…',
  show: 'Afficher les mots de passe',
  signOut: 'Se déconnecter',
  problems: {
    currentMissing: 'Saisissez votre mot de passe actuel.',
    mismatch: 'Les deux nouveaux mots de passe ne sont pas identiques.',
    tooShort: 'Trop court : au moins 10 caractères.',
    tooLong: 'Trop long : au plus 200 caractères.',
    sameAsUsername: 'Le mot de passe ne doit pas contenir votre identifiant.',
    tooCommon: 'Trop courant ou trop facile à deviner : ajoutez des mots sans rapport ou allongez-le.',
  },
};

export const passwordMessages: PageMessages<typeof en> = { en, fr };
