import { describe, expect, it } from 'vitest';
import { needsSecondAdmin } from './staff-users';

describe('needsSecondAdmin', () => {
  const teller = { group: 'bank' as const, profile: 'Teller', bankId: 7 };
  const checker = { ...teller, profile: 'Checker' };

  it('waits for any creation or change of a user with the admin menu, into it or out of it', () => {
    expect(needsSecondAdmin({ group: 'admin', profile: null })).toBe(true);
    expect(
      needsSecondAdmin({ group: 'networkSupervisor', profile: null }, { group: 'networkSupervisor', profile: null }),
    ).toBe(true);
    expect(needsSecondAdmin({ group: 'agent', profile: null }, { group: 'admin', profile: null })).toBe(true);
  });

  it('waits for a new deciding user of any group, not only a Checker', () => {
    expect(needsSecondAdmin(checker)).toBe(true);
    expect(needsSecondAdmin({ group: 'kycAdmin', profile: null })).toBe(true);
    expect(needsSecondAdmin({ group: 'supportSupervisor', profile: null })).toBe(true);
    expect(needsSecondAdmin({ group: 'agent', profile: null })).toBe(false);
    expect(needsSecondAdmin(teller)).toBe(false);
  });

  it('waits when a change widens what a user decides: group, bank, profile', () => {
    expect(needsSecondAdmin(checker, teller)).toBe(true);
    expect(needsSecondAdmin({ ...checker, bankId: 8 }, checker)).toBe(true);
    expect(needsSecondAdmin({ group: 'supportPlus', profile: null }, { group: 'kycAdmin', profile: null })).toBe(true);
    expect(needsSecondAdmin({ group: 'kycAdmin', profile: null }, { group: 'agent', profile: null })).toBe(true);
  });

  it('applies at once what takes decisions away or leaves them as they are', () => {
    expect(needsSecondAdmin(teller, checker)).toBe(false);
    expect(needsSecondAdmin({ group: 'agent', profile: null }, { group: 'kycAdmin', profile: null })).toBe(false);
    expect(needsSecondAdmin(checker, checker)).toBe(false);
    expect(needsSecondAdmin({ ...teller, bankId: 8 }, teller)).toBe(false);
  });
});
