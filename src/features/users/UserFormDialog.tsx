/** The add / edit staff user form, in a dialog over the list. */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
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
import { ConfirmDialog } from '../../ui/list/ConfirmDialog';
import { FailureAlert } from '../../ui/parts';
import { MembersField } from './MembersField';
import { secondAdminNotice, USER_FIELDS, type UserField, validateUser } from './user-form';
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

const fieldId = (name: UserField) => `user-${name}`;

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
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);
  // A refusal naming a field (a username already taken) sends focus to it.
  const firstError = USER_FIELDS.find((f) => errors[f]);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy && firstError) document.getElementById(fieldId(firstError))?.focus();
    wasBusy.current = busy;
  }, [busy, firstError]);

  function submit() {
    const first = USER_FIELDS.find((f) => f in validateUser(values, editing !== null));
    actor.send({ type: 'form.submit' });
    if (first) document.getElementById(fieldId(first))?.focus();
  }
  const field = (name: UserField) => ({
    id: fieldId(name),
    label: k(`form.${name}`),
    error: errors[name] ? k(`errors.${errors[name]}`) : undefined,
    value: values[name],
    onValue: (value: string) => actor.send({ type: 'field.change', name, value }),
  });
  // A bank user's bank stays offered even once deactivated, so an edit shows what they have.
  const bankChoices = banks.filter((b) => b.active || String(b.id) === values.bankId);
  const notice = secondAdminNotice(values, editing);

  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      wide
      title={editing ? k('form.editTitle', { name: editing.name }) : k('form.addTitle')}
      description={k('form.description')}
      cancelLabel={k('form.cancel')}
      confirmLabel={editing ? k('form.save') : k('form.create')}
      busyLabel={k('form.saving')}
      onCancel={() => actor.send({ type: 'form.cancel' })}
      onConfirm={submit}
    >
      {failure && <FailureAlert ref={alertRef} failure={failure} />}
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
      {notice && (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-600/20">
          {k(`form.${notice}`)}
        </p>
      )}
    </ConfirmDialog>
  );
}
