import { describe, expect, it } from 'vitest';
import { BANNER_GROUPS } from '../../contract/banners';
import { CHARGEBACK_GROUPS } from '../../contract/chargebacks';
import { BULK_OPERATIONS } from '../../contract/bulk';
import { GROUP_KEYS, type GroupKey } from '../../contract/groups';
import { KYC_REVIEWERS } from '../../contract/kyc';
import { REGISTRATION_FORMS } from '../../contract/registration-forms';
import { MIGRATION_GROUPS } from '../../contract/wallet-migrations';
import { TRANSFER_FLOWS } from '../../contract/transfers';
import { menuFor, menuLinks } from '../../contract/navigation/menus';
import type { MenuContext } from '../../contract/navigation/types';
import type { MemberDetails } from '../../contract/api/members';
import { isKnownIcon } from './icons';
import type { PageDef } from './page-def';
import { BULK_ROUTES, canOpenPage, findPage, PAGES, SAMPLE_CONTEXTS } from './pages';

const ctx = (group: GroupKey, profileName = '', members: readonly MemberDetails[] = []): MenuContext => ({
  group,
  profileName,
  members,
});

function page(path: string): PageDef {
  const found = PAGES.find((p) => p.path === path);
  if (!found) throw new Error(`no page ${path}`);
  return found;
}

const members: MemberDetails[] = [
  { memberId: 'AFTU-001', memberName: 'GIE Ndiaye Transport' },
  { memberId: 'AFTU-002', memberName: 'GIE Sall Express' },
  { memberId: 'AFTU-003', memberName: 'GIE Diop' },
];

describe('PAGES', () => {
  it('gives every page EN and FR titles and a known icon', () => {
    for (const p of PAGES) {
      expect(p.title.en.trim(), p.path).not.toBe('');
      expect(p.title.fr.trim(), p.path).not.toBe('');
      expect(isKnownIcon(p.icon), `${p.path}: ${p.icon}`).toBe(true);
    }
  });

  it('loads a page component for every route a menu can link to', { timeout: 60_000 }, async () => {
    const loaders = new Set(PAGES.map((p) => p.load));
    for (const load of loaders) expect((await load()).default).toBeTypeOf('function');
    expect(page('/bulk-payment').load).toBe(page('/bulk-fee-removal').load);
    expect(BULK_ROUTES).toEqual(BULK_OPERATIONS.map((op) => op.path));
  });

  it('opens each registration form to exactly the groups the contract lets register its kind', () => {
    for (const form of Object.values(REGISTRATION_FORMS)) {
      expect([...page(form.route).groups].sort(), form.kind).toEqual([...form.groups].sort());
    }
  });

  it('opens each review list to exactly the groups the contract lets review it', () => {
    for (const kind of ['customers', 'agents', 'merchants'] as const) {
      expect([...page(`/${kind}`).groups].sort(), kind).toEqual([...KYC_REVIEWERS[kind]].sort());
    }
  });

  it('opens each transfer page to exactly the groups the contract lets start its flow', () => {
    for (const flow of TRANSFER_FLOWS) {
      expect([...page(flow.path).groups].sort(), flow.id).toEqual([...flow.groups].sort());
    }
  });

  it('opens migration, banners and chargebacks to exactly the groups the API lets use them', () => {
    expect([...page('/migration').groups].sort()).toEqual([...MIGRATION_GROUPS].sort());
    expect([...page('/banner').groups].sort()).toEqual([...BANNER_GROUPS].sort());
    expect([...page('/chargeback-voucher').groups].sort()).toEqual([...CHARGEBACK_GROUPS].sort());
  });

  it('has no two pages on the same path', () => {
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(PAGES.length);
  });

  it('has no page that no menu links to', () => {
    for (const p of PAGES) expect(p.groups.length, p.path).toBeGreaterThan(0);
  });

  it('computes groups from the menus, bank variants included', () => {
    expect(page('/banks').groups).toEqual(['admin', 'networkSupervisor']);
    expect(page('/reports/declassify-account-report').groups).toEqual(['bank', 'bbgBank']);
    expect(page('/authorize-transactions').groups).toEqual([
      'admin',
      'bank',
      'supportSupervisor',
      'networkSupervisor',
      'supportPlus',
    ]);
    expect(page('/reports-bis-bank').groups).toEqual(['admin', 'bank', 'networkSupervisor', 'bisBank']);
    expect(page('/reports/report-aftu-partner/$memberId').groups).toEqual(['aftuMaster']);
    expect(page('/balance-aftu-partner/$memberId').groups).toEqual(['aftuMaster']);
    expect(page('/migration').groups).toEqual(['admin', 'supportSupervisor', 'networkSupervisor', 'supportPlus']);
  });

  it('uses the titles of the product menus', () => {
    expect(page('/banks').title.en).toBe('Add Bank');
    expect(page('/reports/recharge-credit-report').title.en).toBe('Orange Topup');
    expect(page('/reports/blocked-user-request').title.en).toBe('Closed Account Request');
    expect(page('/admin-partner-cash-in').title.en).toBe('Payroll Cash In');
    expect(page('/bank-cash-in').title.en).toBe('E-Money Transfer to the wallet');
    expect(page('/bank-cash-out').title.en).toBe('E-Money Destroy');
  });
});

describe('findPage', () => {
  it('finds static pages', () => {
    expect(findPage('/banks')).toEqual({ page: page('/banks'), params: {} });
    expect(findPage('/reports/aftu-partner')?.page.path).toBe('/reports/aftu-partner');
  });

  it('fills $param segments, decoded', () => {
    expect(findPage('/reports/report-aftu-partner/AFTU-001')).toEqual({
      page: page('/reports/report-aftu-partner/$memberId'),
      params: { memberId: 'AFTU-001' },
    });
    expect(findPage('/balance-aftu-partner/AFTU%20003')?.params).toEqual({ memberId: 'AFTU 003' });
  });

  it('tolerates a trailing slash and rejects unknown or malformed paths', () => {
    expect(findPage('/banks/')?.page.path).toBe('/banks');
    expect(findPage('/nowhere')).toBeUndefined();
    expect(findPage('/banks/extra')).toBeUndefined();
    expect(findPage('/balance-aftu-partner')).toBeUndefined();
    expect(findPage('/balance-aftu-partner/%E0%A4%A')).toBeUndefined();
  });
});

describe('menus and pages agree', () => {
  const contexts = [...SAMPLE_CONTEXTS, ctx('aftuMaster', '', members)];

  it('covers every group key and the four bank variants', () => {
    expect(new Set(SAMPLE_CONTEXTS.map((c) => c.group))).toEqual(new Set(GROUP_KEYS));
    expect(SAMPLE_CONTEXTS.filter((c) => c.group === 'bank')).toHaveLength(4);
  });

  it('resolves every menu link of every group to a page that group may open', () => {
    for (const c of contexts) {
      for (const to of menuLinks(menuFor(c))) {
        const found = findPage(to);
        expect(found, `${c.group} ${c.profileName}: ${to}`).toBeDefined();
        if (!found) continue;
        expect(found.page.groups).toContain(c.group);
        expect(canOpenPage(found.page, c), `${c.group}: ${to}`).toBe(true);
        expect(canOpenPage(found.page, c, found.params), `${c.group}: ${to}`).toBe(true);
      }
    }
  });
});

describe('canOpenPage: refusals', () => {
  it('keeps the declassify report from a plain bank user', () => {
    const declassify = page('/reports/declassify-account-report');
    expect(canOpenPage(declassify, ctx('bank', 'Banque Islamique'))).toBe(false);
    expect(canOpenPage(declassify, ctx('bank', 'Bank Checker'))).toBe(false);
    expect(canOpenPage(declassify, ctx('bank', 'Bridge Bank'))).toBe(true);
  });

  it('keeps admin pages from an agent', () => {
    expect(canOpenPage(page('/banks'), ctx('agent'))).toBe(false);
    expect(canOpenPage(page('/admin-cash-in'), ctx('agent'))).toBe(false);
    expect(canOpenPage(page('/cash-in'), ctx('agent'))).toBe(true);
  });

  it('keeps /authorize-transactions from bank users that are not Checkers', () => {
    expect(canOpenPage(page('/authorize-transactions'), ctx('bank', 'Bridge Bank'))).toBe(false);
    expect(canOpenPage(page('/authorize-transactions'), ctx('bank', 'Bridge Bank Checker'))).toBe(true);
  });

  it("lets the AFTU master open only its own members' pages", () => {
    const master = ctx('aftuMaster', '', members);
    const other = findPage('/balance-aftu-partner/AFTU-999');
    const own = findPage('/balance-aftu-partner/AFTU-002');
    if (!other || !own) throw new Error('AFTU balance page not registered');
    expect(canOpenPage(other.page, master, other.params)).toBe(false);
    expect(canOpenPage(own.page, master, own.params)).toBe(true);
    expect(canOpenPage(own.page, ctx('aftuMaster'), own.params)).toBe(false);
    expect(canOpenPage(own.page, ctx('admin'), own.params)).toBe(false);
  });

  it('lets an unknown group open what the admin may', () => {
    expect(canOpenPage(page('/banks'), ctx('unknown' as GroupKey))).toBe(true);
  });
});
