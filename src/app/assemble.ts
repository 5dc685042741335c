import type { RouterHistory } from '@tanstack/react-router';
import { createAppRouter, type AppRouter, prefetchPages } from '../routes/router';
import { type AppServices, type AppServicesOptions, createAppServices } from './services';
import { whenIdle } from './when-idle';

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
      whenIdle(() => void prefetchPages(services).catch(() => undefined));
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
