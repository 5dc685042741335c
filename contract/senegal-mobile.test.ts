import { describe, expect, it } from 'vitest';
import { looksLikePhone, normaliseSenegalMobile, senegalMobileKey } from './senegal-mobile';

describe('one rule for a Senegalese mobile number', () => {
  const usualFormats = [
    '70 082 00 06',
    '700820006',
    '70.082.00.06',
    '70-082-00-06',
    '+221 70 082 00 06',
    '+221700820006',
    '+221 70.082.00.06',
    '00221 70 082 00 06',
    '00221700820006',
    '221700820006',
    ' 70\u00a0082\u202f00 06 ',
  ];

  it('reads every usual format as +221 7X XXX XX XX', () => {
    for (const input of usualFormats) expect(normaliseSenegalMobile(input), input).toBe('+221 70 082 00 06');
  });

  it('looks every usual format up by the same key', () => {
    for (const input of usualFormats) expect(senegalMobileKey(input), input).toBe('+221700820006');
    expect(senegalMobileKey('77 368 00 13')).toBe('+221773680013');
  });

  it('has no key for what is not a Senegalese mobile number', () => {
    for (const input of [
      '79 123 45 67',
      '33 822 00 00',
      '70 082 00 0',
      '70 082 00 066',
      '+33 6 12 34 56 78',
      'CUS-000123',
    ]) {
      expect(senegalMobileKey(input), input).toBeNull();
    }
  });

  it('tells a typed phone from an account number', () => {
    for (const input of usualFormats) expect(looksLikePhone(input.trim()), input).toBe(true);
    for (const input of ['CUS-000123', 'agt-00042', 'Awa Diallo']) expect(looksLikePhone(input), input).toBe(false);
  });
});
