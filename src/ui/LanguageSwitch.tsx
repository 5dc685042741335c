import { useTranslation } from '../i18n/react';
import { LANGUAGES } from '../i18n';
import { changeLanguage } from '../i18n/lazy-messages';
import { LANGUAGES as LANGUAGES_ICON, OutlineIcon } from './outline-icons';

export function LanguageSwitch({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { t, i18n } = useTranslation();
  return (
    <fieldset className="flex items-center gap-1">
      <legend className="sr-only">{t('shell.language')}</legend>
      <OutlineIcon paths={LANGUAGES_ICON} size={16} className={tone === 'light' ? 'text-brand-50/80' : 'text-muted'} />
      {LANGUAGES.map((lng) => {
        const active = i18n.language === lng;
        return (
          <button
            key={lng}
            type="button"
            lang={lng}
            aria-pressed={active}
            onClick={() => void changeLanguage(i18n, lng)}
            className={`rounded px-1.5 py-0.5 text-xs font-semibold uppercase ${
              active
                ? tone === 'light'
                  ? 'bg-brand-50 text-brand-800'
                  : 'bg-brand-700 text-brand-50'
                : tone === 'light'
                  ? 'text-brand-50/90 hover:bg-brand-50/15'
                  : 'text-muted hover:bg-sunken'
            }`}
          >
            {lng}
          </button>
        );
      })}
    </fieldset>
  );
}
