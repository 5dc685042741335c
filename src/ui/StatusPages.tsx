import { Link } from '@tanstack/react-router';
import { Ban, Compass, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../i18n/react';
import { PageFrame } from './PageFrame';

/** A page that only says why there is nothing to show, with the way back home. */
export function StatusPage({ title, text, icon: Icon }: { title: string; text: string; icon: LucideIcon }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title}>
      <div className="flex items-start gap-3 rounded-lg border border-line bg-raised p-5 text-ink shadow-sm">
        <Icon size={22} aria-hidden className="text-muted" />
        <div className="space-y-3">
          <p>{text}</p>
          <Link to="/" className="font-medium text-accent underline">
            {t('pages.backHome')}
          </Link>
        </div>
      </div>
    </PageFrame>
  );
}

export function NotAllowedPage() {
  const { t } = useTranslation();
  return <StatusPage title={t('pages.notAllowedTitle')} text={t('pages.notAllowed')} icon={Ban} />;
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return <StatusPage title={t('pages.notFoundTitle')} text={t('pages.notFound')} icon={Compass} />;
}
