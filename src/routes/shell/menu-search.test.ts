import { describe, expect, it } from 'vitest';
import { menuFor } from '../../../contract/navigation/menus';
import { filterMenu, findPages, menuPages } from './menu-search';

const admin = menuFor({ group: 'admin', profileName: 'Admin', members: [] });

describe('finding a page of the menu', () => {
  it('reads both languages, without accents or case, the name that starts with the text first', () => {
    const pages = menuPages(admin);
    expect(findPages(pages, 'frais')[0]?.to).toBe('/fees');
    expect(findPages(pages, 'FEES')[0]?.to).toBe('/fees');
    expect(findPages(pages, 'journal d’AUDIT').map((p) => p.to)).toEqual(['/audit-trail']);
    expect(findPages(pages, "journal d'audit").map((p) => p.to)).toEqual(['/audit-trail']);
    expect(findPages(pages, 'inscription d’un agent')[0]?.to).toBe('/registration/agent');
    expect(findPages(pages, 'zzz')).toEqual([]);
  });

  it('narrows the menu to the matching links and drops the sections left empty', () => {
    const narrowed = filterMenu(admin, 'fee');
    expect(narrowed.map((s) => s.id)).toEqual(['settings']);
    expect(narrowed[0]?.items.map((i) => i.to)).toEqual(['/bulk-fee-override', '/bulk-fee-removal', '/fees']);
    expect(filterMenu(admin, 'nothing like this')).toEqual([]);
  });
});
