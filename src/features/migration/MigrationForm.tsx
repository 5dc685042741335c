import { type FormEvent, useId } from 'react';
import { BUSINESS_CATEGORIES, BUSINESS_CATEGORY_TITLES } from '../../../contract/registration';
import { Button } from '../../ui/Button';
import { SelectField, TextAreaField, TextField } from '../../ui/form/FormField';
import { canChangeType } from './migration-form';
import { MigrationBlockers } from './MigrationBlockers';
import { useMigrationFields } from './useMigrationFields';
import { kindLabel, migrationFieldId, type StepProps } from './migration-view';
import { MIGRATION_MESSAGES_KEY as K } from './messages';

/** The change asked for: a new phone number, or the other wallet type, with a reason. */
export function MigrationForm({ actor, wallet, t, lang }: StepProps) {
  const { values, field } = useMigrationFields(actor, t);
  const legendId = useId();
  const blocked = wallet.blockers.length > 0;
  const typeAllowed = canChangeType(wallet);
  const to = wallet.typeChangeTo;

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'migration.review' });
    const now = actor.getSnapshot().context.errors;
    const first = (['newPhone', 'businessName', 'businessCategory', 'reason'] as const).find((f) => now[f]);
    if (first) document.getElementById(migrationFieldId(first))?.focus();
  }

  if (blocked) return null;
  const radio = 'h-4 w-4 accent-brand-700';
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="migration-form-title"
      className="space-y-5 rounded-lg border border-line bg-raised p-4 shadow-sm sm:p-6"
    >
      <h2 id="migration-form-title" className="text-lg font-semibold text-ink">
        {t(`${K}.form.title`)}
      </h2>
      <fieldset className="space-y-2" aria-labelledby={legendId}>
        <legend id={legendId} className="text-sm font-medium text-ink">
          {t(`${K}.form.kindLegend`)}
        </legend>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input
            type="radio"
            name="migration-kind"
            className={radio}
            checked={values.kind === 'phone'}
            onChange={() => actor.send({ type: 'kind.change', kind: 'phone' })}
          />
          {t(`${K}.form.kinds.phone`)}
        </label>
        <label className={`flex flex-wrap items-center gap-x-2 text-sm ${typeAllowed ? 'text-ink' : 'text-muted'}`}>
          <input
            type="radio"
            name="migration-kind"
            className={radio}
            checked={values.kind === 'type'}
            disabled={!typeAllowed}
            onChange={() => actor.send({ type: 'kind.change', kind: 'type' })}
          />
          {t(`${K}.form.kinds.type`)}
          {to && (
            <span className="text-muted">
              (
              {t(`${K}.form.typeTo`, {
                from: kindLabel(t, wallet.kind).toLowerCase(),
                to: kindLabel(t, to).toLowerCase(),
              })}
              )
            </span>
          )}
        </label>
        {wallet.typeBlockers.length > 0 && (
          <MigrationBlockers title={t(`${K}.form.typeUnavailable`)} blockers={wallet.typeBlockers} t={t} />
        )}
        {to === null && <p className="text-xs text-muted">{t(`${K}.blockers.TYPE_NOT_MIGRATABLE`)}</p>}
      </fieldset>

      {values.kind === 'phone' ? (
        <TextField
          {...field('newPhone')}
          hint={t(`${K}.form.newPhoneHint`)}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+221 77 123 45 67"
        />
      ) : (
        to === 'merchant' && (
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField {...field('businessName')} hint={t(`${K}.form.businessNameHint`)} autoComplete="off" />
            <SelectField {...field('businessCategory')}>
              <option value="">{t(`${K}.form.choose`)}</option>
              {BUSINESS_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {BUSINESS_CATEGORY_TITLES[c][lang]}
                </option>
              ))}
            </SelectField>
          </div>
        )
      )}

      <TextAreaField {...field('reason')} hint={t(`${K}.form.reasonHint`)} rows={3} maxLength={300} />
      <div className="flex justify-end">
        <Button type="submit">{t(`${K}.form.review`)}</Button>
      </div>
    </form>
  );
}
