import { useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ComponentType, lazy, Suspense, useCallback, useMemo } from 'react';
import { isLanguage } from '../i18n/languages';
import { useTranslation } from '../i18n/react';
import { useSignedInServices } from '../app/SignedInServicesContext';
import { useMenuContext } from '../app/use-menu-context';
import { selectMembersSettled } from '../machines/associated-members';
import { canOpenPage, findPage } from '../registry/pages';
import type { PageDef } from '../registry/page-def';
import { CanOpenProvider } from '../ui/detail-links';
import type { HostedPageProps } from '../ui/hosted-page';
import { NotAllowedPage, NotFoundPage } from '../ui/StatusPages';
import { PageScrollRestoration } from '../ui/scroll-restoration';

const lazyPages = new Map<PageDef, ComponentType<HostedPageProps>>();
function lazyPage(page: PageDef) {
  let component = lazyPages.get(page);
  if (!component) {
    // A failed fetch is forgotten, so "Try again" fetches anew instead of rethrowing it.
    component = lazy(() =>
      page.load().catch((error: unknown) => {
        lazyPages.delete(page);
        throw error;
      }),
    );
    lazyPages.set(page, component);
  }
  return component;
}

/**
 * Pages whose chunk has arrived, rendered as they are. A React.lazy component suspends on its
 * first render even when its module is already here, and React then holds the page back for up
 * to 300 ms (its throttle on revealing suspended content): that wait was most of a session's
 * first click on a page (docs/performance.md).
 */
const loadedPages = new Map<PageDef, ComponentType<HostedPageProps>>();

/** Fetches the chunk of the page at `pathname`, if there is one; failures surface when it renders. */
export async function preloadPage(pathname: string): Promise<void> {
  const page = findPage(pathname)?.page;
  if (!page) return;
  await page
    .load()
    .then((module) => {
      loadedPages.set(page, module.default);
    })
    .catch(() => undefined);
}

function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="text-muted">
      {t('common.loading')}
    </p>
  );
}

/** Whether the signed-in user may open the page at a path (for links to other pages). */
function useCanOpen(): (path: string) => boolean {
  const ctx = useMenuContext();
  return useCallback(
    (path: string) => {
      const target = findPage(path);
      return Boolean(ctx && target && canOpenPage(target.page, ctx, target.params));
    },
    [ctx],
  );
}

/** Renders the registered page at the current address for a user whose menu links to it. */
export function PageHost() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const found = useMemo(() => findPage(pathname), [pathname]);
  const ctx = useMenuContext();
  const membersSettled = useSelector(useSignedInServices().members, selectMembersSettled);
  const allowed = useMemo(() => (ctx && found ? canOpenPage(found.page, ctx, found.params) : false), [ctx, found]);
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const canOpen = useCanOpen();

  if (!found) return <NotFoundPage />;
  // The AFTU master's pages depend on its members; decide once they have arrived.
  if (!allowed && ctx?.group === 'aftuMaster' && !membersSettled) return <Loading />;
  if (!allowed) return <NotAllowedPage />;
  const Page = loadedPages.get(found.page) ?? lazyPage(found.page);
  return (
    <CanOpenProvider value={canOpen}>
      <Suspense fallback={<Loading />}>
        <PageScrollRestoration>
          <Page path={found.page.path} title={found.page.title[lang]} params={found.params} canOpen={canOpen} />
        </PageScrollRestoration>
      </Suspense>
    </CanOpenProvider>
  );
}
