import type { NetworkNode, NetworkRole } from '../../../contract/api/network';

export interface NetworkTotals {
  balance: number;
  credits30d: number;
  debits30d: number;
  accounts: number;
  byRole: Record<NetworkRole, number>;
}

/** Figures over every account shown, whatever is collapsed or filtered. */
export function totalsOf(roots: readonly NetworkNode[]): NetworkTotals {
  const totals: NetworkTotals = {
    balance: 0,
    credits30d: 0,
    debits30d: 0,
    accounts: 0,
    byRole: { head: 0, master: 0, location: 0 },
  };
  const visit = (node: NetworkNode) => {
    totals.balance += node.balance;
    totals.credits30d += node.credits30d;
    totals.debits30d += node.debits30d;
    totals.accounts += 1;
    totals.byRole[node.role] += 1;
    node.children.forEach(visit);
  };
  roots.forEach(visit);
  return totals;
}

export function countByRole(totals: NetworkTotals): [NetworkRole, number][] {
  return (['head', 'master', 'location'] as const)
    .filter((r) => totals.byRole[r] > 0)
    .map((r) => [r, totals.byRole[r]]);
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The nodes whose name, number, phone or region contain the text, with the path to them kept
 * so a match is always shown in its place in the chain. Accents and case are ignored.
 */
export function filterTree(roots: readonly NetworkNode[], text: string): NetworkNode[] {
  const needle = fold(text.trim());
  if (!needle) return [...roots];
  const digits = needle.replace(/\D/g, '');
  const matches = (n: NetworkNode) =>
    [n.name, n.number, n.region ?? ''].some((v) => fold(v).includes(needle)) ||
    (digits.length >= 3 && (n.phone ?? '').replace(/\D/g, '').includes(digits));
  const keep = (node: NetworkNode): NetworkNode | null => {
    if (matches(node)) return node;
    const children = node.children.map(keep).filter((c): c is NetworkNode => c !== null);
    return children.length > 0 ? { ...node, children } : null;
  };
  return roots.map(keep).filter((n): n is NetworkNode => n !== null);
}
