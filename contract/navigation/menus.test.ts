import { describe, expect, it } from 'vitest';
import { GROUP_KEYS, type GroupKey } from '../groups';
import { isKnownIconName } from './icon-names';
import { menuFor, menuLinks, sectionIdFor } from './menus';
import type { AssociatedMember, MenuContext } from './types';

const ctx = (group: GroupKey, profileName = '', members: readonly AssociatedMember[] = []): MenuContext => ({
  group,
  profileName,
  members,
});
const links = (c: MenuContext) => menuLinks(menuFor(c));

const ADMIN = [
  '/banks',
  '/customers',
  '/agents',
  '/merchants',
  '/upload-document',
  '/reports/agent-hierarchy-report',
  '/reports/bank-wallet-report',
  '/reports/different-bank-transfer-report',
  '/reports/remaining-bank-kpay-wallet',
  '/reports/edk-distribution',
  '/reports/edk-tefess',
  '/reports/edk-low-price',
  '/reports/edk-djoloff',
  '/reports/pin-status-report',
  '/reports/registration-report',
  '/reports/tnt-report',
  '/reports/recharge-credit-report',
  '/reports/transaction-report',
  '/reports/activation-report',
  '/reports/wallet-balance',
  '/reports/woyofal-report',
  '/reports/dakar-dem-dik-report',
  '/reports/rapido-report',
  '/reports/seoh-report',
  '/reports/aquatech-report',
  '/reports/cashin-cashout-report',
  '/reports/blocked-user-request',
  '/reports/coupon-report',
  '/reports/report-transvie',
  '/reports/flexeau-report',
  '/remaining-bank-bbg-balance',
  '/remaining-bank-bis-balance',
  '/bbg-repartition',
  '/reports-bbg-bank',
  '/bis-repartition',
  '/reports-bis-bank',
  '/reports/transfer-report',
  '/reports/agent-reports',
  '/reports/e-money',
  '/reports/customer-report',
  '/reports/remaining-bank-balance',
  '/admin-cash-in',
  '/cash-out',
  '/admin-partner-cash-in',
  '/bulk-payment',
  '/authorize-transactions',
  '/chargeback-voucher',
  '/bulk-change-bank',
  '/bulk-fee-override',
  '/bulk-fee-removal',
  '/generate-qr',
  '/two-factor',
  '/migration',
  '/unlink-qr',
  '/banner',
  '/audit-trail',
  '/users',
  '/fees',
  '/registration/agent',
  '/registration/customer',
  '/registration/hybrid-merchant',
  '/registration/partner',
];

const MERCHANT_NETWORK_TAIL = ['/reports/member-credit-head', '/network/head'];

/** The exact ordered links of every group whose menu does not depend on the context. */
const EXPECTED: Record<Exclude<GroupKey, 'bank' | 'aftuMaster'>, string[]> = {
  admin: ADMIN,
  networkSupervisor: ADMIN,
  agent: ['/reports/individual-transaction-report', '/cash-in', '/cash-out', '/bulk-payment'],
  merchant: ['/reports/individual-transaction-report', '/reports/received-report'],
  bbgBank: [
    '/reports/declassify-account-report',
    '/reports/remaining-bank-balance',
    '/reports/repartition-bank-balance-group-bbg',
    '/reports-bbg-bank',
  ],
  bisBank: ['/reports/remaining-bank-balance', '/reports/repartition-bank-balance-group-bis', '/reports-bis-bank'],
  kycAdmin: ['/customers', '/merchants'],
  reportAdmin: [
    '/reports/aggregrate-report',
    '/reports/edk-report',
    '/reports/transaction-report',
    '/reports/wallet-balance',
    '/reports/registration-report',
    '/reports/activation-report',
    '/reports/cashin-cashout-report',
    '/reports/agent-hierarchy-report',
  ],
  zoneSalesManager: [
    '/registration/customer',
    '/registration/hybrid-merchant',
    '/customers',
    '/merchants',
    '/upload-document',
    '/onboard-student',
    '/my-students',
  ],
  edkMaster: [
    '/reports/edk-distribution',
    '/reports/edk-tefess',
    '/reports/edk-low-price',
    '/reports/edk-djoloff',
    '/balance-edk-distribution',
    '/balance-edk-tefess',
    '/balance-edk-low-price',
    '/balance-edk-djoloff',
  ],
  djoloffMaster: ['/reports/edk-djoloff', '/balance-edk-djoloff'],
  tefessMaster: ['/reports/edk-tefess', '/balance-edk-tefess'],
  lowPriceMaster: ['/reports/edk-low-price', '/balance-edk-low-price'],
  supportSupervisor: ['/migration', '/authorize-transactions'],
  dddReportAdmin: ['/reports/dakar-dem-dik-report', '/balance-dakar-dem-dikk'],
  orangeTopupReport: ['/reports/recharge-credit-report'],
  adFinanceReport: [
    '/reports/tnt-report',
    '/reports/recharge-credit-report',
    '/reports/transaction-report',
    '/reports/woyofal-report',
    '/reports/cashin-cashout-report',
  ],
  gerantLowPrice: ['/reports/report-gerant-low-price', '/balance-gerant-low-price'],
  gerantTefess: ['/reports/report-gerant-tefess', '/balance-gerant-tefess'],
  gerantDjoloff: ['/reports/report-gerant-djoloff', '/balance-gerant-djoloff'],
  aquatech: ['/reports/aquatech-report'],
  rapidoManager: ['/reports/rapido-report'],
  seohAdmin: ['/reports/seoh-report'],
  flexeauAdmin: ['/reports/flexeau-report'],
  transvie: ['/reports/report-transvie'],
  gieAftu: ['/reports/aftu-partner', '/reports/reseau-aftu-partner'],
  supportPlus: [
    '/customers',
    '/agents',
    '/merchants',
    '/reports/woyofal-report',
    '/chargeback-voucher',
    '/migration',
    '/authorize-transactions',
  ],
  merchantHead: ['/transfers/merchand-credit', '/reports/merchant-head-credit', ...MERCHANT_NETWORK_TAIL],
  merchantMaster: [
    '/transfers/master-credit',
    '/send-sales/remonte-uv',
    '/reports/merchant-master-credit',
    ...MERCHANT_NETWORK_TAIL,
  ],
  merchantLocation: [
    '/transfers/location-credit',
    '/send-sales/remonte-uv',
    '/reports/merchant-location-credit',
    ...MERCHANT_NETWORK_TAIL,
  ],
};

describe('menuFor: static group menus', () => {
  it.each(Object.entries(EXPECTED))('%s', (group, expected) => {
    expect(links(ctx(group as GroupKey))).toEqual(expected);
  });

  it('gives any group key without its own menu the admin menu', () => {
    expect(links(ctx('networkSupervisor'))).toEqual(ADMIN);
    expect(links(ctx('no-such-group' as GroupKey))).toEqual(ADMIN);
    expect(links(ctx('constructor' as GroupKey))).toEqual(ADMIN);
  });

  it('gives the admin its sections in order', () => {
    expect(menuFor(ctx('admin')).map((s) => s.id)).toEqual([
      'banks',
      'kyc-review',
      'reports',
      'transfer-reports',
      'transfers',
      'settings',
      'registration',
    ]);
  });
});

describe('menuFor: bank variants', () => {
  const bankReports = (...middle: string[]) => [
    '/reports/emoney-summary-report',
    '/reports/emoney-issued-report',
    '/reports/emoney-destroyed-report',
    ...middle,
  ];
  const transfers = ['/bank-cash-in', '/bank-cash-out'];
  const bis = [
    ...bankReports('/reports/remaining-bank-balance', '/reports/repartition-bank-balance', '/reports-bis-bank'),
    ...transfers,
  ];
  const bbg = [
    ...bankReports(
      '/reports/declassify-account-report',
      '/reports/remaining-bank-balance',
      '/reports/repartition-bank-balance',
      '/reports-bbg-bank',
    ),
    ...transfers,
  ];

  it('plain bank: BIS reports, no declassify, no Transfers section', () => {
    expect(links(ctx('bank', 'Banque Islamique'))).toEqual(bis);
    expect(menuFor(ctx('bank', 'Banque Islamique')).map((s) => s.id)).toEqual(['bank-reports', 'bank-transfers']);
  });

  it('Checker bank: adds /authorize-transactions under Transfers', () => {
    expect(links(ctx('bank', 'BIS Checker'))).toEqual([...bis, '/authorize-transactions']);
    expect(menuFor(ctx('bank', 'BIS Checker')).map((s) => s.id)).toEqual([
      'bank-reports',
      'bank-transfers',
      'transfers',
    ]);
  });

  it('Bridge bank: declassify report and BBG reports', () => {
    expect(links(ctx('bank', 'Bridge Bank Maker'))).toEqual(bbg);
  });

  it('Bridge Checker bank: both', () => {
    expect(links(ctx('bank', 'Bridge Bank Checker'))).toEqual([...bbg, '/authorize-transactions']);
  });

  it('uses the product titles for the bank transfers', () => {
    const items = menuFor(ctx('bank', 'Bank')).find((s) => s.id === 'bank-transfers')?.items ?? [];
    expect(items.map((i) => i.title.en)).toEqual(['E-Money Transfer to the wallet', 'E-Money Destroy']);
  });
});

describe('menuFor: AFTU master', () => {
  const members: AssociatedMember[] = [
    { memberId: 'AFTU-001', memberName: 'GIE Ndiaye Transport' },
    { memberId: 'AFTU-002', memberName: 'GIE Sall Express' },
    { memberId: 'AFTU 003', memberName: 'GIE Diop & Fils' },
  ];

  it('has an empty menu without members', () => {
    expect(menuFor(ctx('aftuMaster'))).toEqual([]);
  });

  it('has one section per member with its report and balance', () => {
    expect(links(ctx('aftuMaster', '', members))).toEqual([
      '/reports/report-aftu-partner/AFTU-001',
      '/balance-aftu-partner/AFTU-001',
      '/reports/report-aftu-partner/AFTU-002',
      '/balance-aftu-partner/AFTU-002',
      '/reports/report-aftu-partner/AFTU%20003',
      '/balance-aftu-partner/AFTU%20003',
    ]);
    const sections = menuFor(ctx('aftuMaster', '', members));
    expect(sections.map((s) => [s.id, s.title.en])).toEqual([
      ['aftu-member-AFTU-001', 'GIE Ndiaye Transport'],
      ['aftu-member-AFTU-002', 'GIE Sall Express'],
      ['aftu-member-AFTU 003', 'GIE Diop & Fils'],
    ]);
    for (const [i, section] of sections.entries()) {
      for (const item of section.items) {
        expect(item).toMatchObject({ memberId: members[i]?.memberId, memberName: members[i]?.memberName });
      }
    }
  });

  it('lists a member given twice once, so section ids stay unique', () => {
    const twice = [members[0], members[0]] as AssociatedMember[];
    expect(menuFor(ctx('aftuMaster', '', twice))).toHaveLength(1);
  });
});

describe('menu shape', () => {
  const contexts = GROUP_KEYS.map((g) => ctx(g, 'Bridge Checker', [{ memberId: 'M1', memberName: 'M' }]));

  it('gives every section and item EN and FR titles and a known icon, and unique section ids', () => {
    for (const c of contexts) {
      const sections = menuFor(c);
      expect(new Set(sections.map((s) => s.id)).size).toBe(sections.length);
      for (const node of [...sections, ...sections.flatMap((s) => s.items)]) {
        expect(node.title.en.trim(), `${c.group}`).not.toBe('');
        expect(node.title.fr.trim(), `${c.group}`).not.toBe('');
        expect(isKnownIconName(node.icon), `${c.group}: ${node.icon}`).toBe(true);
      }
    }
  });

  it('uses kebab-case section ids for static menus', () => {
    for (const c of contexts.filter((x) => x.group !== 'aftuMaster')) {
      for (const s of menuFor(c)) expect(s.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });

  it('never shows the same link twice in one menu', () => {
    for (const c of contexts) {
      const all = links(c);
      expect(new Set(all).size, c.group).toBe(all.length);
    }
  });

  it('finds the section holding the current route', () => {
    const admin = menuFor(ctx('admin'));
    expect(sectionIdFor(admin, '/bulk-payment')).toBe('transfers');
    expect(sectionIdFor(admin, '/reports/e-money')).toBe('transfer-reports');
    expect(sectionIdFor(admin, '/nowhere')).toBeNull();
  });
});
