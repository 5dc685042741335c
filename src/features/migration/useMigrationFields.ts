import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { MigrationField } from './migration-form';
import { selectErrors, selectFieldRefusal, selectValues } from './migration-machine';
import { migrationFieldId, type StepProps } from './migration-view';
import { MIGRATION_MESSAGES_KEY as K } from './messages';
import { REASON_MIN } from '../../../contract/reasons';

/** The migration form's fields as the form shows them: each one's id, label, error, value and change. */
export function useMigrationFields(actor: StepProps['actor'], t: StepProps['t']) {
  const values = useSelector(actor, selectValues);
  const errors = useSelector(actor, selectErrors);
  const fieldRefusal = useSelector(actor, selectFieldRefusal);

  // A refusal naming a field (a phone already used) sends focus to it.
  useEffect(() => {
    if (fieldRefusal) document.getElementById(migrationFieldId(fieldRefusal.field))?.focus();
  }, [fieldRefusal]);

  const errorOf = (name: MigrationField) => {
    if (fieldRefusal?.field === name) return fieldRefusal.message;
    const key = errors[name];
    return key ? t(`${K}.errors.${key}`, { min: REASON_MIN }) : undefined;
  };
  const change = (name: MigrationField) => (value: string) => actor.send({ type: 'field.change', name, value });
  /** A field's id, label, error, value and change, by its name. */
  const field = (name: MigrationField) => ({
    id: migrationFieldId(name),
    label: t(`${K}.form.${name}`),
    error: errorOf(name),
    value: values[name],
    onValue: change(name),
  });
  return { values, field };
}
