import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { AppServices } from '../app/services';
import { selectIsSettled } from '../machines/session';
import { PAGES } from '../registry/pages';
import { LoadingBar } from '../ui/LoadingBar';
import { Toasts } from '../ui/Toasts';
import { HomePage } from './HomePage';
import { LoginPage } from './LoginPage';
import { PageHost } from './PageHost';
import { safeRedirectTarget } from './redirect-target';
import { ShellLayout } from './shell/ShellLayout';
import { NotFoundPage } from './StatusPages';

export interface RouterContext {
  services: AppServices;
}

/** Resolves once the session has finished restoring, whatever the outcome. */
async function settledSession(services: AppServices) {
  return waitFor(services.session, selectIsSettled);
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: function Root() {
    const { services } = rootRoute.useRouteContext();
    return (
      <>
        <LoadingBar />
        <Outlet />
        <Toasts center={services.notifications} />
      </>
    );
  },
  notFoundComponent: NotFoundPage,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: async ({ context, search }) => {
    const session = await settledSession(context.services);
    if (session.hasTag('signedIn')) throw redirect({ to: safeRedirectTarget(search.redirect) });
  },
  component: function Login() {
    const { services } = loginRoute.useRouteContext();
    return <LoginPage services={services} />;
  },
});

/** The empty path: the shell, guarded by the session (SPEC.md §2). */
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  beforeLoad: async ({ context, location }) => {
    const session = await settledSession(context.services);
    if (!session.hasTag('signedIn')) {
      throw redirect({ to: '/login', search: location.href === '/' ? {} : { redirect: location.href } });
    }
  },
  component: ShellLayout,
});

const homeRoute = createRoute({ getParentRoute: () => shellRoute, path: '/', component: HomePage });

const pageRoutes = PAGES.map((page) =>
  createRoute({
    getParentRoute: () => shellRoute,
    path: page.path,
    component: () => <PageHost page={page} />,
  }),
);

export const routeTree = rootRoute.addChildren([loginRoute, shellRoute.addChildren([homeRoute, ...pageRoutes])]);

export function createAppRouter(services: AppServices, options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    context: { services },
    history: options.history,
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
