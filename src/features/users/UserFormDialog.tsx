/** The add / edit staff user form, in a managed list's dialog over the list. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { GROUP_KEYS } from '../../../contract/groups';
import {
  BANK_PROFILE_LABELS,
  BANK_PROFILES,
  GROUP_LABELS,
  hasProfiles,
  isBroker,
  needsBank,
} from '../../../contract/staff-users';
import type { Language } from '../../i18n';
import { SelectField, TextField } from '../../ui/form/FormField';
import { WaitsForSecondPerson } from '../../ui/managed-list/ChangeRequestNotice';
import { FormDialog } from '../../ui/managed-list/FormDialog';
import { useManagedForm } from '../../ui/managed-list/use-managed-form';
import { MembersField } from './MembersField';
import { secondAdminNotice, USER_FIELDS, validateUser } from './user-form';
import {
  selectAftuMembers,
  selectBanks,
  selectEditing,
  selectErrors,
  selectFailure,
  selectFormOpen,
  selectIsBusy,
  selectValues,
  type usersMachine,
} from './users-machine';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function UserFormDialog({
  actor,
  k,
  lang,
}: {
  actor: ActorRefFrom<typeof usersMachine>;
  k: Translate;
  lang: Language;
}) {
  const open = useSelector(actor, selectFormOpen);
  const editing = useSelector(actor, selectEditing);
  const values = useSelector(actor, selectValues);
  const errors = useSelector(actor, selectErrors);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const banks = useSelector(actor, selectBanks);
  const aftuMembers = useSelector(actor, selectAftuMembers);
  const { field, alertRef, submit } = useManagedForm({
    fields: USER_FIELDS,
    idPrefix: 'user',
    values,
    errors,
    failure,
    busy,
    k,
    onValue: (name, value) => actor.send({ type: 'field.change', name, value }),
  });
  // A bank user's bank stays offered even once deactivated, so an edit shows what they have.
  const bankChoices = banks.filter((b) => b.active || String(b.id) === values.bankId);
  const notice = secondAdminNotice(values, editing);

  return (
    <FormDialog
      open={open}
      busy={busy}
      editingName={editing?.name ?? null}
      failure={failure}
      alertRef={alertRef}
      k={k}
      onCancel={() => actor.send({ type: 'form.cancel' })}
      onSubmit={() => submit(validateUser(values, editing !== null), () => actor.send({ type: 'form.submit' }))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...field('username')}
          hint={editing ? undefined : k('form.usernameHint')}
          readOnly={editing !== null}
          maxLength={64}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField {...field('name')} maxLength={80} autoComplete="off" />
      </div>
      <SelectField {...field('group')}>
        {GROUP_KEYS.map((group) => (
          <option key={group} value={group}>
            {GROUP_LABELS[group][lang]}
          </option>
        ))}
      </SelectField>
      {needsBank(values.group) && (
        <SelectField {...field('bankId')}>
          <option value="">{k('form.chooseBank')}</option>
          {bankChoices.map((bank) => (
            <option key={bank.id} value={String(bank.id)}>
              {bank.code} — {bank.name}
            </option>
          ))}
        </SelectField>
      )}
      {hasProfiles(values.group) && (
        <SelectField {...field('profile')} hint={k('form.profileHint')}>
          <option value="">{k('form.chooseProfile')}</option>
          {BANK_PROFILES.map((profile) => (
            <option key={profile} value={profile}>
              {BANK_PROFILE_LABELS[profile][lang]}
            </option>
          ))}
        </SelectField>
      )}
      {isBroker(values.group) && (
        <MembersField
          {...field('members')}
          legend={k('form.members')}
          hint={k('form.membersHint')}
          unavailable={k('form.noMembers')}
          members={aftuMembers}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('phone')} optional type="tel" maxLength={20} autoComplete="off" />
        <TextField {...field('email')} optional type="email" maxLength={120} autoComplete="off" />
      </div>
      {notice && <WaitsForSecondPerson>{k(`form.${notice}`)}</WaitsForSecondPerson>}
    </FormDialog>
  );
}
