import { useParams } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, type ComponentType, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useMenuContext } from '../app/use-menu-context';
import { isLanguage } from '../i18n';
import { selectMembersSettled } from '../machines/associated-members';
import { canOpenPage } from '../registry/pages';
import type { PageDef } from '../registry/types';
import { NotAllowedPage, PendingPage } from './StatusPages';

const lazyPages = new Map<PageDef, ComponentType>();
function lazyPage(page: PageDef & { load: NonNullable<PageDef['load']> }) {
  let component = lazyPages.get(page);
  if (!component) {
    component = lazy(page.load);
    lazyPages.set(page, component);
  }
  return component;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="text-slate-500">
      {t('common.loading')}
    </p>
  );
}

/** Renders a registered page for a user whose menu links to it, and "not allowed" for anyone else. */
export function PageHost({ page }: { page: PageDef }) {
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const ctx = useMenuContext();
  const membersSettled = useSelector(services.members, selectMembersSettled);
  const params = useParams({ strict: false }) as Record<string, string>;
  const allowed = useMemo(() => (ctx ? canOpenPage(page, ctx, params) : false), [ctx, page, params]);

  // The AFTU master's pages depend on its members; decide once they have arrived.
  if (!allowed && ctx?.group === 'aftuMaster' && !membersSettled) return <Loading />;
  if (!allowed) return <NotAllowedPage />;
  if (!page.load) return <PendingPage title={page.title[lang]} />;
  const Page = lazyPage(page as PageDef & { load: NonNullable<PageDef['load']> });
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}
