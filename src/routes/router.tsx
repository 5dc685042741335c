import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import { useEffect } from 'react';
import { waitFor } from 'xstate';
import type { AppServices } from '../app/services';
import { ensureMessages } from '../i18n/lazy-messages';
import { selectIsSettled } from '../machines/session';
import { LoadingBar } from '../ui/LoadingBar';
import { NotificationsOutlet } from '../ui/NotificationsOutlet';
import { watchFirstFocus } from './first-focus';
import { LoginPage } from './LoginPage';
import { PageLoadFailed } from './PageLoadFailed';
import { safeRedirectTarget } from './redirect-target';

interface RouterContext {
  services: AppServices;
}

/** Resolves once the session has finished restoring, whatever the outcome. */
async function settledSession(services: AppServices) {
  return waitFor(services.session, selectIsSettled);
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  // /login's strings in the language in use: French is a chunk of its own (decision 060).
  beforeLoad: ({ context }) => ensureMessages(context.services.i18n, 'core'),
  component: function Root() {
    const { services } = rootRoute.useRouteContext();
    useEffect(() => watchFirstFocus(), []);
    return (
      <>
        <LoadingBar />
        <Outlet />
        <NotificationsOutlet center={services.notifications} />
      </>
    );
  },
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: async ({ context, search }) => {
    const session = await settledSession(context.services);
    if (session.hasTag('passwordToSet')) throw redirect({ to: '/set-password' });
    if (session.hasTag('signedIn')) throw redirect({ to: safeRedirectTarget(search.redirect) });
  },
  component: function Login() {
    const { services } = loginRoute.useRouteContext();
    return <LoginPage services={services} />;
  },
});

/**
 * After a one-time password: nothing else opens until the user has a password of their own
 * (docs/security.md). Outside the shell, whose menu and home would call what the API refuses.
 */
const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'set-password',
  beforeLoad: async ({ context }) => {
    const session = await settledSession(context.services);
    if (session.hasTag('signedIn')) throw redirect({ to: '/' });
    if (!session.hasTag('passwordToSet')) throw redirect({ to: '/login' });
  },
  component: lazyRouteComponent(() => import('./password/SetPasswordPage'), 'SetPasswordPage'),
  errorComponent: PageLoadFailed,
});

const SignedInShell = lazyRouteComponent(() => import('./shell/SignedInShell'), 'SignedInShell');
const HomePage = lazyRouteComponent(() => import('./HomePage'), 'HomePage');

/**
 * The empty path: the shell, guarded by the session (docs/architecture.md). Everything behind
 * it (menus, page registry, home, the strings of the frame, the kit, the pages and the services
 * only a signed-in user needs) is a lazy chunk, so /login downloads only what signing in needs.
 * Once the session is known, the signed-in services, the frame's code, its strings and (at '/')
 * the home page are fetched together: one round trip on a slow link instead of four.
 */
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  beforeLoad: async ({ context, location }) => {
    const session = await settledSession(context.services);
    if (session.hasTag('passwordToSet')) throw redirect({ to: '/set-password' });
    if (!session.hasTag('signedIn')) {
      throw redirect({ to: '/login', search: location.href === '/' ? {} : { redirect: location.href } });
    }
    await Promise.all([
      context.services.signedIn.load(),
      ensureMessages(context.services.i18n, 'shell'),
      SignedInShell.preload?.(),
      location.pathname === '/' ? HomePage.preload?.() : undefined,
    ]);
  },
  component: SignedInShell,
  errorComponent: PageLoadFailed,
});

const homeRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  component: HomePage,
});

/** One's own password, for every user: the header's user menu links here. */
const changePasswordRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'change-password',
  component: lazyRouteComponent(() => import('./password/ChangePasswordPage'), 'ChangePasswordPage'),
});

/**
 * Every other address: the page registry (src/registry/pages.ts) decides what it is, so the
 * router needs no copy of it. The loader fetches the page's chunk (its strings included) and
 * the kit's strings alongside the shell's, or on hover (defaultPreload 'intent'); a failed page
 * fetch is left to PageHost to report.
 */
const pageRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '$',
  loader: ({ context, location }) =>
    Promise.all([
      ensureMessages(context.services.i18n, 'kit'),
      import('./PageHost').then(({ preloadPage }) => preloadPage(location.pathname)),
    ]),
  component: lazyRouteComponent(() => import('./PageHost'), 'PageHost'),
  errorComponent: PageLoadFailed,
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  setPasswordRoute,
  shellRoute.addChildren([homeRoute, changePasswordRoute, pageRoute]),
]);

export function createAppRouter(services: AppServices, options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    context: { services },
    history: options.history,
    // Positions are recorded everywhere; on the page route they are restored by the page host
    // once the page's data is on screen (src/ui/scroll-restoration.tsx), not on first render.
    scrollRestoration: ({ location }) => location.pathname === '/',
    defaultPreload: 'intent',
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
