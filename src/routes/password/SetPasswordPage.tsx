import { useSelector } from '@xstate/react';
import { Wallet } from 'lucide-react';
import { useServices } from '../../app/ServicesContext';
import { usePageMessages } from '../../i18n/page-messages';
import { selectUser } from '../../machines/session';
import { LanguageSwitch } from '../LanguageSwitch';
import { passwordMessages } from './messages';
import { PasswordForm } from './PasswordForm';

/** /set-password: after a one-time password, before anything else (docs/security.md). */
export function SetPasswordPage() {
  const { t } = usePageMessages('password', passwordMessages);
  const services = useServices();
  const user = useSelector(services.session, selectUser);
  if (!user) return null;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-br from-brand-800 via-brand-700 to-brand-900 px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-between text-white">
          <div className="flex items-center gap-2">
            <span className="rounded-lg bg-white/15 p-2">
              <Wallet size={22} aria-hidden />
            </span>
            <p className="text-lg font-semibold leading-tight">{t('app.name')}</p>
          </div>
          <LanguageSwitch tone="light" />
        </div>
        <section className="rounded-xl bg-white p-6 shadow-xl ring-1 ring-black/5">
          <h1 className="text-xl font-semibold text-slate-900">{t('password.set.title')}</h1>
          <p className="mb-5 text-sm text-slate-600">{t('password.set.intro')}</p>
          <PasswordForm
            user={user}
            oneTime
            submitLabel={t('password.set.submit')}
            // Signed in now: the route's guard runs again and opens the home page.
            onChanged={(changed) => services.session.send({ type: 'session.passwordChanged', user: changed })}
          />
          <button
            type="button"
            onClick={() => services.session.send({ type: 'session.logout' })}
            className="mt-4 text-sm text-slate-600 underline hover:text-slate-800"
          >
            {t('password.signOut')}
          </button>
        </section>
      </div>
    </main>
  );
}
