import { type GroupIdTable, type GroupKey, groupIdTable } from '../../contract/groups';

function parseOverrides(raw: string | undefined): Partial<Record<GroupKey, number[]>> | undefined {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as Partial<Record<GroupKey, number[]>>;
  } catch {
    console.error('VITE_GROUP_ID_OVERRIDES is not valid JSON; using the built-in group ids.');
    return undefined;
  }
}

/** The deployment's group-id table (docs/decisions/005-group-ids-and-alternate-set.md). */
export function readGroupIds(env: Record<string, string | undefined> = import.meta.env): GroupIdTable {
  return groupIdTable({
    usePrimary: env.VITE_GROUP_IDS_PRIMARY !== 'false',
    overrides: parseOverrides(env.VITE_GROUP_ID_OVERRIDES),
  });
}
