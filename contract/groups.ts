/**
 * User groups (docs/product.md; docs/decisions/005-group-ids-and-alternate-set.md). Menus, pages
 * and API permissions speak of group *keys*; only this table knows the numeric ids, so a deployment
 * can swap the id set (or override single ids) without touching menu or permission code.
 */
export const GROUP_KEYS = [
  'admin',
  'agent',
  'merchant',
  'bank',
  'reportAdmin',
  'kycAdmin',
  'supportSupervisor',
  'zoneSalesManager',
  'edkMaster',
  'lowPriceMaster',
  'tefessMaster',
  'djoloffMaster',
  'dddReportAdmin',
  'orangeTopupReport',
  'adFinanceReport',
  'gerantLowPrice',
  'gerantTefess',
  'gerantDjoloff',
  'merchantHead',
  'merchantMaster',
  'merchantLocation',
  'networkSupervisor',
  'aftuMaster',
  'gieAftu',
  'transvie',
  'bbgBank',
  'bisBank',
  'rapidoManager',
  'supportPlus',
  'aquatech',
  'seohAdmin',
  'flexeauAdmin',
] as const;

export type GroupKey = (typeof GROUP_KEYS)[number];

export type GroupIdTable = Record<GroupKey, readonly number[]>;

/**
 * The primary set of group ids, the active one by default
 * (docs/decisions/005-group-ids-and-alternate-set.md).
 */
export const PRIMARY_GROUP_IDS: GroupIdTable = {
  admin: [67, 68],
  agent: [14],
  merchant: [16],
  bank: [18],
  reportAdmin: [19],
  kycAdmin: [27],
  supportSupervisor: [29],
  zoneSalesManager: [36],
  edkMaster: [44],
  lowPriceMaster: [45],
  tefessMaster: [46],
  djoloffMaster: [47],
  dddReportAdmin: [48],
  orangeTopupReport: [49],
  adFinanceReport: [51],
  gerantLowPrice: [52],
  gerantTefess: [53],
  gerantDjoloff: [54],
  merchantHead: [55],
  merchantMaster: [56],
  merchantLocation: [57],
  networkSupervisor: [59],
  aftuMaster: [60],
  gieAftu: [61],
  transvie: [62],
  bbgBank: [63],
  bisBank: [64],
  rapidoManager: [65],
  supportPlus: [66],
  aquatech: [901],
  seohAdmin: [902],
  flexeauAdmin: [903],
};

/**
 * The alternate set (used when the primary flag is off). The product names only some of its
 * ids (KYC admin 20, support supervisor 39, bank groups 53 and 54); the rest keep their
 * primary ids except where that would collide with the ids the alternate set reassigns.
 */
const ALTERNATE_GROUP_IDS: GroupIdTable = {
  ...PRIMARY_GROUP_IDS,
  kycAdmin: [20],
  supportSupervisor: [39],
  bbgBank: [53],
  bisBank: [54],
  gerantTefess: [953],
  gerantDjoloff: [954],
};

/** Which of the two sets is active; other numbering (transaction codes) follows it. */
export type GroupIdSetName = 'primary' | 'alternate';

export interface GroupIdSettings {
  usePrimary: boolean;
  overrides?: Partial<Record<GroupKey, readonly number[]>>;
}

export function groupIdTable(settings: GroupIdSettings): GroupIdTable {
  const base = settings.usePrimary ? PRIMARY_GROUP_IDS : ALTERNATE_GROUP_IDS;
  return { ...base, ...settings.overrides } as GroupIdTable;
}

/**
 * Any id the table does not know is an admin: a group the product does not describe gets the full
 * admin menu.
 */
export function groupKeyForId(groupId: number, table: GroupIdTable): GroupKey {
  for (const key of GROUP_KEYS) {
    if (table[key].includes(groupId)) return key;
  }
  return 'admin';
}

export function primaryIdOf(key: GroupKey, table: GroupIdTable): number {
  const id = table[key][0];
  if (id === undefined) throw new Error(`Group ${key} has no id`);
  return id;
}

/**
 * Groups that get the full admin menu (admin itself, and the groups the product gives no menu of
 * their own). The API grants them what it grants admins, so menu and API agree.
 */
export const ADMIN_MENU_GROUPS: readonly GroupKey[] = ['admin', 'networkSupervisor'];

export function hasAdminMenu(group: GroupKey): boolean {
  return ADMIN_MENU_GROUPS.includes(group);
}
