import type { GroupKey } from '../../contract/groups';
import type { IconName, LocalizedText } from '../../contract/navigation/types';

/**
 * A page the router can open. `path` is a TanStack Router path: a parameter is written
 * `$memberId` (for example '/reports/report-aftu-partner/$memberId').
 */
export interface PageDef {
  path: string;
  title: LocalizedText;
  icon: IconName;
  /** Groups that may open it. Computed from the menus, so a page and its links never disagree. */
  groups: readonly GroupKey[];
  /**
   * A detail page no menu links to: it opens when the menu links to one of these report pages
   * (contract/navigation/detail-routes.ts).
   */
  openedFrom?: readonly string[];
  /** The page's lazy chunk. */
  load: () => Promise<{ default: import('react').ComponentType<import('../ui/hosted-page').HostedPageProps> }>;
}
