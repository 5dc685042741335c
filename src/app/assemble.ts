import type { RouterHistory } from '@tanstack/react-router';
import { createAppRouter, type AppRouter } from '../routes/router';
import { type AppServices, type AppServicesOptions, createAppServices } from './services';

/**
 * Builds services and router together: the session asks the router to navigate and to
 * re-run its guards, and the router reads the session through its context.
 */
export function assembleApp(
  options: Omit<AppServicesOptions, 'navigateToLogin' | 'onSessionChange'> & {
    history?: RouterHistory;
  } = {},
) {
  let router: AppRouter | undefined;
  let prefetched = false;
  const services: AppServices = createAppServices({
    prefetchPages: () => {
      if (prefetched) return;
      prefetched = true;
      void import('./prefetch')
        .then(({ prefetchPagesWhenIdle }) => prefetchPagesWhenIdle(services.i18n))
        .catch(() => undefined);
    },
    ...options,
    navigateToLogin: ({ returnHere }) => {
      if (!router) return;
      const here = router.state.location.href;
      const search = returnHere && here !== '/' && !here.startsWith('/login') ? { redirect: here } : {};
      void router.navigate({ to: '/login', search });
    },
    onSessionChange: () => void router?.invalidate(),
  });
  router = createAppRouter(services, { history: options.history });
  return { services, router };
}
