import { useSelector } from '@xstate/react';
import { useServices } from '../../app/ServicesContext';
import { usePageMessages } from '../../i18n/page-messages';
import { selectUser } from '../../machines/session';
import { Button } from '../../ui/Button';
import { StandalonePage } from '../../ui/StandalonePage';
import { passwordMessages } from './messages';
import { PasswordForm } from './PasswordForm';

/** /set-password: after a one-time password, before anything else (docs/security.md). */
export function SetPasswordPage() {
  const { t } = usePageMessages('password', passwordMessages);
  const services = useServices();
  const user = useSelector(services.session, selectUser);
  if (!user) return null;
  return (
    <StandalonePage>
      <section className="rounded-xl bg-raised p-6 shadow-xl ring-1 ring-ink/5">
        <h1 className="text-xl font-semibold text-ink">{t('password.set.title')}</h1>
        <p className="mb-5 text-sm text-muted">{t('password.set.intro')}</p>
        <PasswordForm
          user={user}
          oneTime
          standalone
          submitLabel={t('password.set.submit')}
          // Signed in now: the route's guard runs again and opens the home page.
          onChanged={(changed) => services.session.send({ type: 'session.passwordChanged', user: changed })}
        />
        <Button variant="link" onClick={() => services.session.send({ type: 'session.logout' })} className="mt-4">
          {t('password.signOut')}
        </Button>
      </section>
    </StandalonePage>
  );
}
