import { type FormEvent, lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from '../i18n/react';
import type { AppServices } from '../app/services';
import { useActorValue } from '../app/use-actor-value';
import { selectIsSubmitting, selectIsTwoFactor, selectLoginError } from '../machines/session';
import { InlineAlert } from '../ui/InlineAlert';
import { EYE, EYE_OFF, LOG_IN, OutlineIcon } from '../ui/outline-icons';
import { StandalonePage } from '../ui/StandalonePage';
import { SubmitButton } from '../ui/SubmitButton';

/**
 * Only users with two-factor on reach the code step, after their password: its code stays out
 * of the JS every sign-in downloads (bench/budgets.ts).
 */
const TwoFactorStep = lazy(() => import('./TwoFactorStep').then((m) => ({ default: m.TwoFactorStep })));

export function LoginPage({ services }: { services: AppServices }) {
  const { t } = useTranslation();
  const submitting = useActorValue(services.session, selectIsSubmitting);
  const serverError = useActorValue(services.session, selectLoginError);
  const twoFactor = useActorValue(services.session, selectIsTwoFactor);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [touched, setTouched] = useState(false);
  const ids = { user: useId(), pass: useId(), userError: useId(), passError: useId(), server: useId() };

  // The password has done its part once the code is asked: nothing typed is kept meanwhile,
  // and "Back to sign in" starts from an empty form.
  useEffect(() => {
    if (!twoFactor) return;
    setUsername('');
    setPassword('');
    setShowPassword(false);
    setTouched(false);
  }, [twoFactor]);

  const usernameMissing = touched && username.trim() === '';
  const passwordMissing = touched && password === '';

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (submitting || username.trim() === '' || password === '') return;
    services.session.send({ type: 'session.login', username: username.trim(), password });
  }

  const inputClass =
    'block w-full rounded-md border border-edge bg-raised px-3 py-2 text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-danger';

  return (
    <StandalonePage tagline>
      {twoFactor ? (
        <Suspense fallback={null}>
          <TwoFactorStep services={services} inputClass={inputClass} />
        </Suspense>
      ) : (
        <form
          noValidate
          onSubmit={submit}
          aria-describedby={serverError ? ids.server : undefined}
          className="rounded-xl bg-raised p-6 shadow-xl ring-1 ring-ink/5"
        >
          <h1 className="text-xl font-semibold text-ink">{t('login.title')}</h1>
          <p className="mb-5 text-sm text-muted">{t('login.subtitle')}</p>
          {serverError && (
            <InlineAlert id={ids.server} className="mb-4">
              {serverError}
            </InlineAlert>
          )}
          <div className="mb-4">
            <label htmlFor={ids.user} className="mb-1 block text-sm font-medium text-ink">
              {t('login.username')}
            </label>
            <input
              // biome-ignore lint/a11y/noAutofocus: the page exists to be filled in (decision 049); an effect would cost /login's budgeted bytes
              autoFocus
              id={ids.user}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              aria-invalid={usernameMissing}
              aria-describedby={usernameMissing ? ids.userError : undefined}
              className={inputClass}
            />
            {usernameMissing && (
              <p id={ids.userError} className="mt-1 text-sm text-danger">
                {t('login.usernameRequired')}
              </p>
            )}
          </div>
          <div className="mb-6">
            <label htmlFor={ids.pass} className="mb-1 block text-sm font-medium text-ink">
              {t('login.password')}
            </label>
            <div className="relative">
              <input
                id={ids.pass}
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={passwordMissing}
                aria-describedby={passwordMissing ? ids.passError : undefined}
                className={`${inputClass} pr-10`}
              />
              <button
                type="button"
                onClick={() => setShowPassword((v) => !v)}
                aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                className="absolute inset-y-0 right-0 flex items-center px-3 text-muted hover:text-ink"
              >
                <OutlineIcon paths={showPassword ? EYE_OFF : EYE} size={18} />
              </button>
            </div>
            {passwordMissing && (
              <p id={ids.passError} className="mt-1 text-sm text-danger">
                {t('login.passwordRequired')}
              </p>
            )}
          </div>
          <SubmitButton busy={submitting} icon={<OutlineIcon paths={LOG_IN} size={18} />}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </SubmitButton>
        </form>
      )}
    </StandalonePage>
  );
}
