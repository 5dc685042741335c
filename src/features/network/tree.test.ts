import { describe, expect, it } from 'vitest';
import type { NetworkNode } from '../../../contract/api/network';
import { filterTree, totalsOf } from './tree';

const node = (number: string, name: string, role: NetworkNode['role'], children: NetworkNode[] = []): NetworkNode => ({
  number,
  name,
  role,
  phone: `+221 33 820 00 ${number.slice(-2)}`,
  region: role === 'head' ? 'Dakar' : name,
  status: 'active',
  balance: 1_000,
  subtreeBalance: 0,
  credits30d: 10,
  debits30d: 5,
  lastActivityAt: null,
  children,
});

const chain = [
  node('CHN-00', 'Sen Distribution', 'head', [
    node('CHN-01', 'Thiès', 'master', [node('CHN-11', 'Mbour', 'location'), node('CHN-12', 'Tivaouane', 'location')]),
    node('CHN-02', 'Kaolack', 'master', [node('CHN-21', 'Fatick', 'location')]),
  ]),
];

describe('network tree helpers', () => {
  it('totals every account and counts each role', () => {
    const totals = totalsOf(chain);
    expect(totals.accounts).toBe(6);
    expect(totals.balance).toBe(6_000);
    expect(totals.byRole).toEqual({ head: 1, master: 2, location: 3 });
  });

  it('keeps the path to a match, ignoring accents and case', () => {
    const found = filterTree(chain, 'thies');
    // "Thiès" the master matches itself and is shown with all its children.
    expect(found[0]?.children.map((c) => c.number)).toEqual(['CHN-01']);
    const fatick = filterTree(chain, 'FATICK');
    expect(fatick[0]?.children[0]?.number).toBe('CHN-02');
    expect(fatick[0]?.children[0]?.children.map((c) => c.number)).toEqual(['CHN-21']);
    expect(filterTree(chain, 'nowhere')).toEqual([]);
  });

  it('matches phone digits whatever the spacing', () => {
    expect(filterTree(chain, '0012')[0]?.children[0]?.children.map((c) => c.number)).toEqual(['CHN-12']);
  });
});
