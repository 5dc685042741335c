/**
 * Where one item of a general page is opened: the search param the page reads to select, open or
 * scroll to it, and the link the inbox gives an item of that kind
 * (docs/decisions/051-inbox-links-open-the-item.md).
 */
export const ITEM_PARAMS = {
  /** /fees: the transfer flow whose fee schedule is shown first and highlighted. */
  service: 'service',
  /** /fees: a section of the page, `limits` for the transfer limits. */
  section: 'section',
  /** /users: the id of the one staff user shown. */
  user: 'user',
  /** /users: the search box's text, a username the list is filtered by. */
  search: 'q',
} as const;

export const LIMITS_SECTION = 'limits';

const link = (path: string, param: string, value: string | number) =>
  `${path}?${param}=${encodeURIComponent(String(value))}`;

export const feeScheduleLink = (flowId: string) => link('/fees', ITEM_PARAMS.service, flowId);
export const limitsLink = () => link('/fees', ITEM_PARAMS.section, LIMITS_SECTION);
export const staffUserLink = (userId: number) => link('/users', ITEM_PARAMS.user, userId);
/** A user not created yet has no id: the list searched for its username shows it once approved. */
export const newStaffUserLink = (username: string) => link('/users', ITEM_PARAMS.search, username);
