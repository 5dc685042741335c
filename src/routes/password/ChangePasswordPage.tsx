import { useSelector } from '@xstate/react';
import { useServices } from '../../app/ServicesContext';
import { usePageMessages } from '../../i18n/page-messages';
import { selectUser } from '../../machines/session';
import { passwordMessages } from './messages';
import { PasswordForm } from './PasswordForm';

/** /change-password, from the header's user menu: one's own password, for any signed-in user. */
export function ChangePasswordPage() {
  const { t } = usePageMessages('password', passwordMessages);
  const services = useServices();
  const user = useSelector(services.session, selectUser);
  if (!user) return null;
  return (
    <section className="mx-auto w-full max-w-md">
      <h1 className="mb-1 text-xl font-semibold text-ink">{t('password.change.title')}</h1>
      <p className="mb-5 text-sm text-muted">{t('password.change.intro')}</p>
      <div className="rounded-xl bg-raised p-4 shadow-sm ring-1 ring-line sm:p-6">
        <PasswordForm
          user={user}
          oneTime={false}
          submitLabel={t('password.change.submit')}
          doneMessage={t('password.change.done')}
          onChanged={(changed) => services.session.send({ type: 'session.passwordChanged', user: changed })}
        />
      </div>
    </section>
  );
}
