import { useTranslation } from '../../i18n/react';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-white px-4 py-3 text-xs text-slate-500">
      <span>{t('shell.copyright')}</span>
      <span>
        {t('shell.poweredBy')} <strong className="font-semibold text-slate-700">Sen Wallet Technologies</strong>
      </span>
    </footer>
  );
}
