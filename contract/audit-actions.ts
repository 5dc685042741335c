import { T, type Text } from './text';

/**
 * Every action the API records in the audit trail, with its label in both languages. The server
 * may record only these (its audit entry is typed by this table), so the trail and its filter
 * never show a raw code for want of a label.
 */
export const AUDIT_ACTION_LABELS = {
  'auth.login': T('Signed in', 'Connexion'),
  'auth.logout': T('Signed out', 'Déconnexion'),
  'auth.loginFailed': T('Sign-in refused', 'Connexion refusée'),
  'auth.loginThrottled': T('Sign-in slowed down (too many failures)', 'Connexion ralentie (trop d’échecs)'),
  'auth.twoFactorFailed': T('Two-factor code refused', 'Code à deux facteurs refusé'),
  'auth.recoveryCodeUsed': T('Recovery code used', 'Code de secours utilisé'),
  'auth.passwordChange': T('Password changed', 'Mot de passe modifié'),
  'user.create': T('User created with a one-time password', 'Utilisateur créé avec un mot de passe à usage unique'),
  'user.update': T('Staff account changed', 'Compte du personnel modifié'),
  'user.deactivate': T('Staff account deactivated', 'Compte du personnel désactivé'),
  'user.reactivate': T('Staff account reactivated', 'Compte du personnel réactivé'),
  'user.passwordReset': T('One-time password issued', 'Mot de passe à usage unique délivré'),
  'user.unlock': T('Sign-in failures cleared', 'Échecs de connexion effacés'),
  'twoFactor.enable': T('Two-factor sign-in turned on', 'Connexion à deux facteurs activée'),
  'twoFactor.disable': T('Two-factor sign-in turned off', 'Connexion à deux facteurs désactivée'),
  'twoFactor.recoveryCodes': T('New recovery codes made', 'Nouveaux codes de secours créés'),
  'twoFactor.reset': T('Two-factor sign-in reset', 'Connexion à deux facteurs réinitialisée'),
  'change.request': T(
    'Change asked for (waits for a second administrator)',
    'Modification demandée (attend un second administrateur)',
  ),
  'change.approve': T('Change approved and applied', 'Modification approuvée et appliquée'),
  'change.reject': T('Change rejected', 'Modification rejetée'),
  'limits.update': T('Transfer limits changed', 'Plafonds de transfert modifiés'),
  'bank.create': T('Bank added', 'Banque ajoutée'),
  'bank.update': T('Bank edited', 'Banque modifiée'),
  'bank.deactivate': T('Bank deactivated', 'Banque désactivée'),
  'bank.activate': T('Bank reactivated', 'Banque réactivée'),
  'banner.create': T('Banner added', 'Bannière ajoutée'),
  'banner.update': T('Banner edited', 'Bannière modifiée'),
  'banner.activate': T('Banner shown', 'Bannière affichée'),
  'banner.deactivate': T('Banner hidden', 'Bannière masquée'),
  'banner.reorder': T('Banners reordered', 'Bannières réordonnées'),
  'banner.delete': T('Banner deleted', 'Bannière supprimée'),
  'bulk.submit': T('Bulk batch submitted', 'Lot groupé soumis'),
  'bulk.approve': T('Bulk batch approved', 'Lot groupé approuvé'),
  'bulk.reject': T('Bulk batch rejected', 'Lot groupé rejeté'),
  'bulk.done': T('Bulk batch finished', 'Lot groupé terminé'),
  'chargeback.request': T('Chargeback requested', 'Rétrofacturation demandée'),
  'chargeback.approve': T('Chargeback approved', 'Rétrofacturation approuvée'),
  'chargeback.reject': T('Chargeback rejected', 'Rétrofacturation rejetée'),
  'qr.generate': T('QR code generated', 'Code QR généré'),
  'qr.unlink': T('QR code unlinked', 'Code QR dissocié'),
  'wallet.migrationRequested': T(
    'Wallet phone or type change asked',
    'Changement de téléphone ou de type de portefeuille demandé',
  ),
  'wallet.migrate': T('Wallet phone or type change approved', 'Changement de téléphone ou de type approuvé'),
  'wallet.migrationRejected': T('Wallet phone or type change rejected', 'Changement de téléphone ou de type rejeté'),
  'audit.export': T('Audit trail exported', 'Journal d’audit exporté'),
  'fees.update': T('Fee schedule changed', 'Barème de frais modifié'),
  'request.expire': T(
    'Request expired: nobody decided it in time',
    'Demande expirée : personne ne l’a décidée à temps',
  ),
} as const satisfies Record<string, Text>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** The part before the dot, offered in the filter as "all its actions". */
export const AUDIT_NAMESPACE_LABELS: Readonly<Record<string, Text>> = {
  auth: T('sign-in', 'connexion'),
  twoFactor: T('two-factor', 'deux facteurs'),
  user: T('user', 'utilisateur'),
  bank: T('bank', 'banque'),
  banner: T('banner', 'bannière'),
  bulk: T('bulk batch', 'lot groupé'),
  chargeback: T('chargeback', 'rétrofacturation'),
  qr: T('QR code', 'code QR'),
  wallet: T('wallet', 'portefeuille'),
  change: T('administrative change', 'modification administrative'),
  limits: T('transfer limits', 'plafonds de transfert'),
  audit: T('audit trail', 'journal d’audit'),
  fees: T('fees', 'frais'),
  request: T('waiting request', 'demande en attente'),
};

/** The label of a recorded action; an action this build does not know (older data) shows its code. */
export function auditActionLabel(action: string, lang: keyof Text): string {
  return (AUDIT_ACTION_LABELS as Record<string, Text>)[action]?.[lang] ?? action;
}

export function auditNamespaceLabel(namespace: string, lang: keyof Text): string {
  return AUDIT_NAMESPACE_LABELS[namespace]?.[lang] ?? namespace;
}
