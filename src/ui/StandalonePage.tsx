import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { LanguageSwitch } from './LanguageSwitch';
import { OutlineIcon, WALLET } from './outline-icons';

/**
 * The frame of a page shown outside the shell (signing in, setting a first password): the app's
 * name and the language switch above one narrow card, centred on the brand colour.
 */
export function StandalonePage({ tagline = false, children }: { tagline?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-linear-to-br from-brand-800 via-brand-700 to-brand-900 px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-between text-brand-50">
          <div className="flex items-center gap-2">
            <span className="rounded-lg bg-brand-50/15 p-2">
              <OutlineIcon paths={WALLET} size={22} />
            </span>
            {tagline ? (
              <div>
                <p className="text-lg font-semibold leading-tight">{t('app.name')}</p>
                <p className="text-xs text-brand-50/75">{t('app.tagline')}</p>
              </div>
            ) : (
              <p className="text-lg font-semibold leading-tight">{t('app.name')}</p>
            )}
          </div>
          <LanguageSwitch tone="light" />
        </div>
        {children}
      </div>
    </main>
  );
}
