import { describe, expect, it } from 'vitest';
import { ADMIN_MENU_GROUPS, GROUP_KEYS } from '../../contract/groups';
import { REPORTS } from '../../contract/reports';
import { menuFor } from '../../contract/navigation/menus';
import { PAGES, SAMPLE_CONTEXTS } from '../../src/registry/pages';

/**
 * The menus decide what the dashboard shows; the report registry decides what the API
 * answers. For every group, a report page is in the menu exactly when the API lets that
 * group open the report, so no link leads to a 403 and no allowed report is unreachable.
 */
describe('menus and the API report registry agree', () => {
  const reportPaths = new Set(REPORTS.map((r) => r.path));

  it('every report route of the page registry has a report definition', () => {
    const reportPages = PAGES.filter((p) => p.path.startsWith('/reports') && !p.path.startsWith('/reports-'));
    for (const page of reportPages) expect(reportPaths, page.path).toContain(page.path);
  });

  it('each report is open to exactly the groups whose menu links to it', () => {
    for (const report of REPORTS) {
      const page = PAGES.find((p) => p.path === report.path);
      expect(page, report.path).toBeDefined();
      const menuGroups = new Set(page?.groups);
      // The API grants the admin menu's other groups what it grants admins.
      const apiGroups = new Set(report.groups.flatMap((g) => (g === 'admin' ? ADMIN_MENU_GROUPS : [g])));
      expect([...apiGroups].sort(), report.id).toEqual([...menuGroups].sort());
    }
  });

  it('gives the admin menu to exactly the groups the API treats as admins', () => {
    const adminMenu = JSON.stringify(menuFor({ group: 'admin', profileName: '', members: [] }));
    for (const group of GROUP_KEYS) {
      const same = JSON.stringify(menuFor({ group, profileName: '', members: [] })) === adminMenu;
      expect(same, group).toBe(ADMIN_MENU_GROUPS.includes(group));
    }
  });

  it('covers every group with a sample menu', () => {
    const sampled = new Set(SAMPLE_CONTEXTS.map((c) => c.group));
    for (const group of GROUP_KEYS) expect(sampled).toContain(group);
  });
});
