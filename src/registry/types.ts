import type { GroupKey } from '../../contract/groups';
import type { MemberDetails } from '../api/types';

/** Text shown to users, in both interface languages. */
export interface LocalizedText {
  en: string;
  fr: string;
}

/**
 * Icon names from one icon set (lucide-react, PascalCase export names such as 'Landmark').
 * src/registry/icons.ts maps each name used by the registries to its component.
 */
export type IconName = string;

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
  /** The page's lazy chunk. */
  load: () => Promise<{ default: import('react').ComponentType<import('../ui/hosted-page').HostedPageProps> }>;
}

export interface MenuItem {
  title: LocalizedText;
  /** A concrete URL (parameters filled in), e.g. '/reports/report-aftu-partner/AFTU-001'. */
  to: string;
  icon: IconName;
  children?: MenuItem[];
  memberId?: string;
  memberName?: string;
}

export interface MenuSection {
  id: string;
  title: LocalizedText;
  icon: IconName;
  items: MenuItem[];
}

/** Everything a menu depends on (SPEC.md §2, §6; DESIGN.md §4). */
export interface MenuContext {
  group: GroupKey;
  /** Bank users (group `bank`): Bridge and Checker are read from the profile name. */
  profileName: string;
  /** The AFTU master's associated members (empty for everyone else). */
  members: readonly MemberDetails[];
}
