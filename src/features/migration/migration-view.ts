// What the parts of the migration page share: the actor they read, field ids and labels.
import type { TFunction } from '../../i18n/translator';
import type { ActorRefFrom } from 'xstate';
import { type BUSINESS_CATEGORIES, BUSINESS_CATEGORY_TITLES } from '../../../contract/registration';
import type { MigrationRecord, MigrationWallet } from '../../../contract/api/wallet-migrations';
import type { Language } from '../../i18n';
import type { migrationMachine } from './migration-machine';
import { MIGRATION_MESSAGES_KEY as K } from './messages';
import { valueLabel } from '../../ui/values';

export type MigrationActor = ActorRefFrom<typeof migrationMachine>;

export const migrationFieldId = (name: string) => `migration-${name}`;

/** What the form and the review steps are drawn from. */
export interface StepProps {
  actor: MigrationActor;
  wallet: MigrationWallet;
  t: TFunction;
  lang: Language;
}

export const kindLabel = (t: TFunction, kind: string) => valueLabel(t, 'kinds', kind);

export const categoryLabel = (category: string | null, lang: Language) =>
  category ? (BUSINESS_CATEGORY_TITLES[category as (typeof BUSINESS_CATEGORIES)[number]]?.[lang] ?? category) : null;

/** One side of a recorded change: a phone (or none), or an account type in words. */
export function valueText(t: TFunction, row: Pick<MigrationRecord, 'kind'>, value: string) {
  if (value === '') return t(`${K}.wallet.none`);
  return row.kind === 'type' ? kindLabel(t, value) : value;
}
