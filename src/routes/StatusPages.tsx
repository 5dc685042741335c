import { Link } from '@tanstack/react-router';
import { Ban, Compass } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { PageFrame } from './PageFrame';

function Notice({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-5 text-slate-700 shadow-sm">
      <span className="text-slate-400">{icon}</span>
      <div className="space-y-3">{children}</div>
    </div>
  );
}

export function NotAllowedPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.notAllowedTitle')}>
      <Notice icon={<Ban size={22} aria-hidden />}>
        <p>{t('pages.notAllowed')}</p>
        <Link to="/" className="font-medium text-brand-700 underline">
          {t('pages.backHome')}
        </Link>
      </Notice>
    </PageFrame>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.notFoundTitle')}>
      <Notice icon={<Compass size={22} aria-hidden />}>
        <p>{t('pages.notFound')}</p>
        <Link to="/" className="font-medium text-brand-700 underline">
          {t('pages.backHome')}
        </Link>
      </Notice>
    </PageFrame>
  );
}
