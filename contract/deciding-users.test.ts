import { describe, expect, it } from 'vitest';
import { becomesDeciding, DECIDING_PAGES, decidingPagesOf, isDecidingUser, widensDecisions } from './deciding-users';
import { GROUP_KEYS, hasAdminMenu } from './groups';
import { ENDPOINT_ACCESS } from './navigation/endpoint-access';
import { menuFor, menuLinks } from './navigation/menus';

/** An operation that approves or refuses what someone else asked. */
const DECIDING_OPERATION = /^POST .*\/(decision|decisions|approve|reject)$/;

/**
 * A deciding operation served by a page that is not a deciding page, and why that is right:
 * the bulk-payment page is an agent's too, but only administrators decide batches
 * (mayDecideBatches); the fee override and removal pages are the admin menu's alone; and the
 * admin menu decides everything.
 */
const DECIDED_ONLY_BY_THE_ADMIN_MENU = ['/bulk-payment', '/bulk-fee-override', '/bulk-fee-removal'];

describe('deciding pages', () => {
  it('name every page an API operation decides on', () => {
    const deciding = Object.entries(ENDPOINT_ACCESS).filter(([key]) => DECIDING_OPERATION.test(key));
    expect(deciding.length).toBeGreaterThanOrEqual(6);
    for (const [key, access] of deciding) {
      expect(access.kind, key).toBe('pages');
      if (access.kind !== 'pages') continue;
      for (const page of access.pages({})) {
        expect([...DECIDING_PAGES, ...DECIDED_ONLY_BY_THE_ADMIN_MENU], key).toContain(page);
      }
    }
  });

  it('keep the fee override and removal pages in the admin menu alone', () => {
    for (const page of ['/bulk-fee-override', '/bulk-fee-removal']) {
      const opening = GROUP_KEYS.filter((group) =>
        menuLinks(menuFor({ group, profileName: '', members: [] })).includes(page),
      );
      expect(opening.length, page).toBeGreaterThan(0);
      for (const group of opening) expect(hasAdminMenu(group), `${group} opens ${page}`).toBe(true);
    }
  });
});

describe('isDecidingUser', () => {
  const bank = (profile: string) => ({ group: 'bank' as const, profile, bankId: 7 });

  it('is true for administrators, Checkers, support, KYC reviewers and supervisors', () => {
    for (const group of ['admin', 'networkSupervisor', 'kycAdmin', 'supportSupervisor', 'supportPlus'] as const) {
      expect(isDecidingUser({ group, profile: null }), group).toBe(true);
    }
    // Zone sales managers review customers' and merchants' KYC.
    expect(isDecidingUser({ group: 'zoneSalesManager', profile: null })).toBe(true);
    expect(isDecidingUser(bank('Checker'))).toBe(true);
    expect(isDecidingUser(bank('Bridge Checker'))).toBe(true);
    // Users made before profiles existed: the menu reads the name.
    expect(isDecidingUser(bank('Banque Islamique Checker'))).toBe(true);
  });

  it('is false for users who only make requests or read reports', () => {
    for (const group of [
      'agent',
      'merchant',
      'reportAdmin',
      'edkMaster',
      'gerantTefess',
      'bbgBank',
      'aquatech',
    ] as const) {
      expect(isDecidingUser({ group, profile: null }), group).toBe(false);
    }
    expect(isDecidingUser(bank('Teller'))).toBe(false);
    expect(isDecidingUser(bank('Bridge'))).toBe(false);
    expect(isDecidingUser({ group: 'aftuMaster', profile: null, members: ['AFTU-001'] })).toBe(false);
  });

  it('holds for every group with the admin menu, and only those decide staff accounts', () => {
    for (const group of GROUP_KEYS) {
      if (hasAdminMenu(group)) expect(isDecidingUser({ group, profile: null }), group).toBe(true);
    }
  });
});

describe('widensDecisions', () => {
  const checker = { group: 'bank' as const, profile: 'Checker', bankId: 7 };

  it('widens for a new deciding user, a Teller made Checker, and a Checker moved to another bank', () => {
    expect(widensDecisions(checker)).toBe(true);
    expect(widensDecisions(checker, { ...checker, profile: 'Teller' })).toBe(true);
    expect(widensDecisions({ ...checker, bankId: 8 }, checker)).toBe(true);
  });

  it('widens when a new group decides more, or decides in the inbox what the old group did not', () => {
    const kyc = { group: 'kycAdmin' as const, profile: null };
    const supportPlus = { group: 'supportPlus' as const, profile: null };
    expect(decidingPagesOf(supportPlus)).toEqual(expect.arrayContaining(['/agents', '/chargeback-voucher']));
    expect(widensDecisions(supportPlus, kyc)).toBe(true);
    // The same inbox decides other things: a bank's transfers, or wallet changes.
    expect(widensDecisions({ group: 'supportSupervisor', profile: null }, checker)).toBe(true);
  });

  it('does not widen for a rename, a narrower group, or a Checker who stops deciding', () => {
    expect(widensDecisions(checker, checker)).toBe(false);
    expect(widensDecisions({ ...checker, profile: 'Bridge Checker' }, checker)).toBe(false);
    expect(widensDecisions({ group: 'kycAdmin', profile: null }, { group: 'supportPlus', profile: null })).toBe(false);
    expect(widensDecisions({ ...checker, profile: 'Teller' }, checker)).toBe(false);
    expect(widensDecisions({ ...checker, profile: 'Teller', bankId: 8 }, checker)).toBe(false);
  });

  it('widens for a new member of a deciding user, never for a broker, who decides nothing', () => {
    const broker = { group: 'aftuMaster' as const, profile: null };
    expect(widensDecisions({ ...broker, members: ['A', 'B'] }, { ...broker, members: ['A'] })).toBe(false);
    // No deciding group has members today; should one get them, a new member is a new decision.
    const kyc = { group: 'kycAdmin' as const, profile: null };
    expect(widensDecisions({ ...kyc, members: ['A', 'B'] }, { ...kyc, members: ['A'] })).toBe(true);
    expect(widensDecisions({ ...kyc, members: ['A'] }, { ...kyc, members: ['A', 'B'] })).toBe(false);
  });
});

describe('becomesDeciding', () => {
  const teller = { group: 'bank' as const, profile: 'Teller', bankId: 7 };
  const checker = { ...teller, profile: 'Checker' };

  it('is true only when a user who decided nothing starts deciding', () => {
    expect(becomesDeciding(checker, teller)).toBe(true);
    expect(becomesDeciding({ group: 'admin', profile: null }, { group: 'agent', profile: null })).toBe(true);
    expect(becomesDeciding({ ...checker, bankId: 8 }, checker)).toBe(false);
    expect(becomesDeciding({ group: 'admin', profile: null }, { group: 'kycAdmin', profile: null })).toBe(false);
    expect(becomesDeciding(teller, checker)).toBe(false);
  });
});
