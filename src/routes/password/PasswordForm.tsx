import { Eye, EyeOff, KeyRound } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '../../../contract/passwords';
import type { CurrentUser } from '../../api/types';
import { usePageMessages } from '../../i18n/page-messages';
import { Button } from '../../ui/Button';
import { InlineAlert } from '../../ui/InlineAlert';
import { SubmitButton } from '../../ui/SubmitButton';
import { passwordMessages } from './messages';
import { PasswordField } from './PasswordField';
import { usePasswordForm } from './use-password-form';

/** The current password, the new one twice, and the rule. */
export function PasswordForm({
  user,
  oneTime,
  submitLabel,
  onChanged,
  doneMessage,
  standalone,
}: {
  user: CurrentUser;
  /** After a one-time password the "current" password is that one. */
  oneTime: boolean;
  submitLabel: string;
  onChanged: (user: CurrentUser) => void;
  doneMessage?: string;
  /** The form is the whole page: typing starts in its first field. */
  standalone?: boolean;
}) {
  const { t } = usePageMessages('password', passwordMessages);
  const form = usePasswordForm(user, onChanged);
  const { ids, show, problem, serverError, saving } = form;

  if (form.done && doneMessage)
    return <PasswordChanged message={doneMessage} againLabel={t('password.change.again')} onAgain={form.again} />;

  return (
    <form noValidate onSubmit={form.submit} aria-describedby={problem || serverError ? ids.problem : undefined}>
      {(problem || serverError) && (
        <InlineAlert id={ids.problem} className="mb-4">
          {problem ? t(`password.problems.${problem}`) : serverError}
        </InlineAlert>
      )}
      {/* Lets a password manager store the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={user.profile.username} readOnly hidden />
      <PasswordField
        id={ids.current}
        label={t(oneTime ? 'password.currentOneTime' : 'password.current')}
        value={form.current}
        onChange={form.editCurrent}
        autoComplete="current-password"
        focusOnArrival={standalone}
        show={show}
        invalid={form.invalid(ids.current)}
      />
      <PasswordField
        id={ids.next}
        label={t('password.new')}
        value={form.next}
        onChange={form.editNext}
        autoComplete="new-password"
        show={show}
        invalid={form.invalid(ids.next)}
        describedBy={ids.rule}
      />
      <p id={ids.rule} className="-mt-2 mb-4 text-xs text-muted" data-min-length={PASSWORD_MIN_LENGTH}>
        {t('password.rule')}
      </p>
      <PasswordField
        id={ids.repeat}
        label={t('password.repeat')}
        value={form.repeat}
        onChange={form.editRepeat}
        autoComplete="new-password"
        show={show}
        invalid={form.invalid(ids.repeat)}
      />
      <div className="mb-6">
        <Button variant="ghost" size="sm" onClick={form.toggleShow} aria-pressed={show} className="-ml-3">
          {show ? <EyeOff size={16} aria-hidden /> : <Eye size={16} aria-hidden />}
          {t('password.show')}
        </Button>
      </div>
      <SubmitButton busy={saving} wide="phone" icon={<KeyRound size={18} aria-hidden />}>
        {saving ? t('password.saving') : submitLabel}
      </SubmitButton>
    </form>
  );
}

/** Where the page stays after a change (the header's menu): the news, and a way to change it again. */
function PasswordChanged({
  message,
  againLabel,
  onAgain,
}: {
  message: string;
  againLabel: string;
  onAgain: () => void;
}) {
  return (
    <div className="space-y-4">
      <p role="status" className="rounded-md bg-success-soft p-3 text-sm text-success ring-1 ring-success-line">
        {message}
      </p>
      <Button variant="secondary" onClick={onAgain}>
        {againLabel}
      </Button>
    </div>
  );
}
