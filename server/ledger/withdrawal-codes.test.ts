import { describe, expect, it } from 'vitest';
import { hashWithdrawalCode, newWithdrawalCode, withdrawalCodeMatches } from './withdrawal-codes';

describe('withdrawal code hashes', () => {
  it('match their code only, and never show it', () => {
    const stored = hashWithdrawalCode('123456');
    expect(stored).not.toContain('123456');
    expect(withdrawalCodeMatches('123456', stored)).toBe(true);
    expect(withdrawalCodeMatches('123457', stored)).toBe(false);
    expect(withdrawalCodeMatches('123456', 'garbage')).toBe(false);
  });

  it('are salted: the same code hashes differently each time', () => {
    expect(hashWithdrawalCode('000000')).not.toBe(hashWithdrawalCode('000000'));
  });

  it('come as six digits', () => {
    for (let i = 0; i < 50; i++) expect(newWithdrawalCode()).toMatch(/^\d{6}$/);
  });
});
