import { useSelector } from '@xstate/react';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { usePageMessages } from '../i18n/page-messages';
import { isRecoveryCode, isTotpCode, normaliseCode } from '../../contract/two-factor-codes';
import type { AppServices } from '../app/services';
import { selectIsVerifying, selectSigningIn, selectTwoFactorError } from '../machines/session';
import { Button } from '../ui/Button';
import { InlineAlert } from '../ui/InlineAlert';
import { SubmitButton } from '../ui/SubmitButton';
import { twoFactorStepMessages } from './two-factor-messages';

/**
 * The login's second step: the code from the authenticator app, or one recovery
 * code, for a user whose password was right and who has two-factor on. Errors show in place;
 * "Back to sign in" starts again from the password.
 */
export function TwoFactorStep({ services, inputClass }: { services: AppServices; inputClass: string }) {
  const { t } = usePageMessages('twoFactorStep', twoFactorStepMessages);
  const verifying = useSelector(services.session, selectIsVerifying);
  const serverError = useSelector(services.session, selectTwoFactorError);
  const username = useSelector(services.session, selectSigningIn) ?? '';
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const ids = { code: useId(), hint: useId(), error: useId(), server: useId() };
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => field.current?.focus(), []);
  // A refused code: the field is emptied and focused for the next one.
  useEffect(() => {
    if (serverError) {
      setCode('');
      setTouched(false);
      field.current?.focus();
    }
  }, [serverError]);

  const typed = normaliseCode(code);
  const problem = !touched
    ? null
    : typed === ''
      ? t('twoFactorStep.required')
      : isTotpCode(typed) || isRecoveryCode(typed)
        ? null
        : t('twoFactorStep.format');

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (verifying || !(isTotpCode(typed) || isRecoveryCode(typed))) return;
    services.session.send({ type: 'session.twoFactor.submit', code: typed });
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-describedby={serverError ? ids.server : undefined}
      className="rounded-xl bg-raised p-6 shadow-xl ring-1 ring-ink/5"
      data-testid="two-factor-step"
    >
      <div className="mb-1 flex items-center gap-2">
        <ShieldCheck size={22} aria-hidden className="text-accent" />
        <h1 className="text-xl font-semibold text-ink">{t('twoFactorStep.title')}</h1>
      </div>
      <p className="mb-5 text-sm text-muted">{t('twoFactorStep.intro', { username })}</p>
      {serverError && (
        <InlineAlert id={ids.server} className="mb-4">
          {serverError}
        </InlineAlert>
      )}
      <div className="mb-6">
        <label htmlFor={ids.code} className="mb-1 block text-sm font-medium text-ink">
          {t('twoFactorStep.code')}
        </label>
        <input
          ref={field}
          id={ids.code}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={Boolean(problem)}
          aria-describedby={[ids.hint, problem ? ids.error : ''].filter(Boolean).join(' ')}
          className={`${inputClass} text-lg tracking-widest tabular-nums`}
        />
        <p id={ids.hint} className="mt-1 text-xs text-muted">
          {t('twoFactorStep.hint')}
        </p>
        {problem && (
          <p id={ids.error} className="mt-1 text-sm text-danger">
            {problem}
          </p>
        )}
      </div>
      <SubmitButton busy={verifying} icon={<ShieldCheck size={18} aria-hidden />}>
        {verifying ? t('twoFactorStep.verifying') : t('twoFactorStep.verify')}
      </SubmitButton>
      <Button
        variant="ghost"
        onClick={() => services.session.send({ type: 'session.twoFactor.cancel' })}
        disabled={verifying}
        className="mt-3 w-full"
      >
        <ArrowLeft size={16} aria-hidden />
        {t('twoFactorStep.back')}
      </Button>
    </form>
  );
}
