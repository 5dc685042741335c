import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { menuLinks } from '../../../contract/navigation/menus';
import type { MenuSection } from '../../../contract/navigation/types';
import { useServices } from '../../app/ServicesContext';
import { selectUser } from '../../machines/session';
import { createRecentPages } from '../../session/recent-pages';

/**
 * Local storage, read where it is used as the report columns are: a service built at start-up
 * would weigh on /login, which never reads it.
 */
export const recentPages = () => createRecentPages(window.localStorage);

/**
 * Keeps the menu pages the user opens, for the command palette's "Recent pages". Only links of
 * the user's own menu: a detail page or a refused address has no name the palette could show.
 */
export function useRememberRecentPages(sections: readonly MenuSection[]) {
  const router = useRouter();
  const { session } = useServices();
  const userId = useSelector(session, selectUser)?.profile.id;
  const links = useMemo(() => new Set(menuLinks(sections)), [sections]);
  useEffect(() => {
    if (userId === undefined) return;
    const remember = (pathname: string) => {
      if (links.has(pathname)) recentPages().remember(userId, pathname);
    };
    remember(router.state.location.pathname);
    return router.subscribe('onBeforeLoad', ({ toLocation }) => remember(toLocation.pathname));
  }, [router, links, userId]);
}
