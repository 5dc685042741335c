import { useTranslation } from '../../i18n/react';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-line bg-raised px-4 py-3 text-xs text-muted">
      <span>{t('shell.copyright')}</span>
      <span>
        {t('shell.poweredBy')} <strong className="font-semibold text-ink">Sen Wallet Technologies</strong>
      </span>
    </footer>
  );
}
