import { useCallback, useMemo } from 'react';
import { DETAIL_ROUTES } from '../../../contract/navigation/detail-routes';
import { menuLinks } from '../../../contract/navigation/menus';
import { matchPath } from '../../../contract/navigation/routes';
import type { MenuSection } from '../../../contract/navigation/types';

/**
 * Whether the user may open a transaction's or an account's page: its menu links to a report
 * listing such rows. The shell answers this without the page registry, which would cost every
 * first signed-in view its size and the time to build it; pages get the registry's full check.
 */
export function useDetailCanOpen(sections: readonly MenuSection[]): (path: string) => boolean {
  const links = useMemo(() => menuLinks(sections), [sections]);
  return useCallback(
    (path: string) =>
      Object.entries(DETAIL_ROUTES).some(
        ([pattern, route]) =>
          matchPath(pattern, path) !== undefined &&
          links.some((link) => route.openedFrom.some((opener) => matchPath(opener, link) !== undefined)),
      ),
    [links],
  );
}
