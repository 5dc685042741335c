import type { GroupKey } from '../groups';

/** Text shown to users, in both interface languages. */
export interface LocalizedText {
  en: string;
  fr: string;
}

/**
 * An icon by its lucide-react export name (PascalCase, such as 'Landmark'). The contract names
 * icons only; the dashboard maps each name to its component (src/registry/icons.ts).
 */
export type IconName = string;

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

/** A member associated with the AFTU master: one menu section each. */
export interface AssociatedMember {
  memberId: string;
  memberName: string;
}

/** Everything a menu depends on (docs/product.md describes the groups and their menus). */
export interface MenuContext {
  group: GroupKey;
  /** Bank users (group `bank`): Bridge and Checker are read from the profile name (profile-names.ts). */
  profileName: string;
  /** The AFTU master's associated members (empty for everyone else). */
  members: readonly AssociatedMember[];
}
