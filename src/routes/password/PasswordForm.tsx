import { useMachine } from '@xstate/react';
import { Eye, EyeOff, KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { fromPromise } from 'xstate';
import { loadPasswordScorer } from '../../../contract/password-scorer';
import { PASSWORD_MIN_LENGTH, type PasswordScorer, passwordProblem } from '../../../contract/passwords';
import type { CurrentUser } from '../../api/types';
import { useServices } from '../../app/ServicesContext';
import { usePageMessages } from '../../i18n/page-messages';
import { InlineAlert } from '../../ui/InlineAlert';
import { SubmitButton } from '../../ui/SubmitButton';
import { passwordMessages } from './messages';
import { passwordApi } from './password-api';
import {
  type LocalProblem,
  passwordFormMachine,
  selectIsDone,
  selectIsSaving,
  selectProblem,
  selectServerError,
} from './password-form-machine';

const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500';

/**
 * The current password, the new one twice, and the rule. The strength estimate's dictionaries
 * load here, in this page's chunk, never at /login; the server checks again and decides.
 */
export function PasswordForm({
  user,
  oneTime,
  submitLabel,
  onChanged,
  doneMessage,
}: {
  user: CurrentUser;
  /** After a one-time password the "current" password is that one. */
  oneTime: boolean;
  submitLabel: string;
  onChanged: (user: CurrentUser) => void;
  doneMessage?: string;
}) {
  const { t } = usePageMessages('password', passwordMessages);
  const services = useServices();
  const [scorer, setScorer] = useState<PasswordScorer | null>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [show, setShow] = useState(false);
  const ids = { current: useId(), next: useId(), repeat: useId(), rule: useId(), problem: useId() };
  const [snapshot, send] = useMachine(
    passwordFormMachine.provide({
      actors: {
        changePassword: fromPromise(({ input }) => passwordApi(services.api).change(input)),
      },
      actions: { passwordChanged: (_, { user: changed }) => onChanged(changed) },
    }),
  );
  useEffect(() => {
    let live = true;
    void loadPasswordScorer()
      .then((loaded) => live && setScorer(() => loaded))
      // Not loaded (offline): the server still checks.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const saving = selectIsSaving(snapshot);
  const done = selectIsDone(snapshot);
  const problem = selectProblem(snapshot);
  const serverError = selectServerError(snapshot);

  function localProblem(): LocalProblem | null {
    if (current === '') return 'currentMissing';
    if (next !== repeat) return 'mismatch';
    return passwordProblem(next, { username: user.profile.username, name: user.profile.name }, scorer ?? (() => 4));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    send({ type: 'password.submit', problem: localProblem(), currentPassword: current, newPassword: next });
  }

  function edit(setter: (value: string) => void) {
    return (value: string) => {
      setter(value);
      if (problem) send({ type: 'password.edit' });
    };
  }

  if (done && doneMessage) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-800 ring-1 ring-emerald-200">
          {doneMessage}
        </p>
        <button
          type="button"
          onClick={() => {
            setCurrent('');
            setNext('');
            setRepeat('');
            send({ type: 'password.edit' });
          }}
          className="rounded-md px-3 py-2 text-sm font-medium text-brand-700 ring-1 ring-brand-700/30 hover:bg-brand-50"
        >
          {t('password.change.again')}
        </button>
      </div>
    );
  }

  const field = (id: string, label: string, value: string, onChange: (v: string) => void, auto: string) => (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type={show ? 'text' : 'password'}
        autoComplete={auto}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={
          (problem === 'currentMissing' && id === ids.current) ||
          (problem !== null && problem !== 'currentMissing' && id !== ids.current)
        }
        aria-describedby={id === ids.next ? ids.rule : undefined}
        className={inputClass}
      />
    </div>
  );

  return (
    <form noValidate onSubmit={submit} aria-describedby={problem || serverError ? ids.problem : undefined}>
      {(problem || serverError) && (
        <InlineAlert id={ids.problem} className="mb-4">
          {problem ? t(`password.problems.${problem}`) : serverError}
        </InlineAlert>
      )}
      {/* Lets a password manager store the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={user.profile.username} readOnly hidden />
      {field(
        ids.current,
        t(oneTime ? 'password.currentOneTime' : 'password.current'),
        current,
        edit(setCurrent),
        'current-password',
      )}
      {field(ids.next, t('password.new'), next, edit(setNext), 'new-password')}
      <p id={ids.rule} className="-mt-2 mb-4 text-xs text-slate-500" data-min-length={PASSWORD_MIN_LENGTH}>
        {t('password.rule')}
      </p>
      {field(ids.repeat, t('password.repeat'), repeat, edit(setRepeat), 'new-password')}
      <div className="mb-6">
        <button
          type="button"
          onClick={() => setShow((v) => !v)}
          aria-pressed={show}
          className="flex items-center gap-1.5 text-sm text-slate-600 hover:text-slate-800"
        >
          {show ? <EyeOff size={16} aria-hidden /> : <Eye size={16} aria-hidden />}
          {t('password.show')}
        </button>
      </div>
      <SubmitButton busy={saving} wide="phone" icon={<KeyRound size={18} aria-hidden />}>
        {saving ? t('password.saving') : submitLabel}
      </SubmitButton>
    </form>
  );
}
