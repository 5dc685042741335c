import { describe, expect, it } from 'vitest';
import { buildMerchantPayload, crc16Ccitt, emvField, emvText, hasValidCrc, parseEmv } from './emv-qr';

describe('crc16Ccitt', () => {
  it('gives the CRC-16/CCITT-FALSE check value of "123456789"', () => {
    expect(crc16Ccitt('123456789')).toBe('29B1');
  });

  it('matches the CRC of a published EMV merchant-presented payload (the Pix manual example)', () => {
    const published =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
    expect(crc16Ccitt(published.slice(0, -4))).toBe('1D3D');
    expect(hasValidCrc(published)).toBe(true);
    expect(hasValidCrc(`${published.slice(0, -1)}C`)).toBe(false);
  });

  it('is four upper-case hex digits, zero padded', () => {
    for (const text of ['', 'a', '0002010102116304', 'Sénégal']) expect(crc16Ccitt(text)).toMatch(/^[0-9A-F]{4}$/);
    expect(crc16Ccitt('')).toBe('FFFF');
  });
});

describe('emvField and emvText', () => {
  it('writes id, two-digit length, value', () => {
    expect(emvField('59', 'Boutique Ndiaye')).toBe('5915Boutique Ndiaye');
    expect(emvField('00', '01')).toBe('000201');
    expect(() => emvField('5', 'x')).toThrow();
    expect(() => emvField('59', '')).toThrow();
    expect(() => emvField('59', 'x'.repeat(100))).toThrow();
  });

  it('folds accents and cuts to the field size', () => {
    expect(emvText('Thiès', 15)).toBe('Thies');
    expect(emvText('  Pharmacie   Guédiawaye  ', 25)).toBe('Pharmacie Guediawaye');
    expect(emvText('Quincaillerie Mbacké et Fils Touba', 25)).toBe('Quincaillerie Mbacke et F');
  });
});

describe('buildMerchantPayload', () => {
  const base = { merchantId: 'MRC-00005', code: 'QR7K2M9XQ4AB', merchantName: 'Boutique Ndiaye 5', city: 'Thiès' };

  it('builds a static payload (no amount) field by field', () => {
    const payload = buildMerchantPayload({ ...base, mcc: '5411' });
    expect(payload).toBe(
      '000201' +
        '010211' +
        '2647' +
        '0014sn.kpay.wallet' +
        '0109MRC-00005' +
        '0212QR7K2M9XQ4AB' +
        '52045411' +
        '5303952' +
        '5802SN' +
        '5917Boutique Ndiaye 5' +
        '6005Thies' +
        `6304${crc16Ccitt(payload.slice(0, -4))}`,
    );
    expect(hasValidCrc(payload)).toBe(true);
  });

  it('marks a code with an amount as dynamic (12) and carries the amount in 54', () => {
    const payload = buildMerchantPayload({ ...base, amount: 15000 });
    const fields = Object.fromEntries(parseEmv(payload).map((f) => [f.id, f.value]));
    expect(fields).toMatchObject({
      '00': '01',
      '01': '12',
      '52': '5999',
      '53': '952',
      '54': '15000',
      '58': 'SN',
      '59': 'Boutique Ndiaye 5',
      '60': 'Thies',
    });
    expect(parseEmv(fields['26'] as string)).toEqual([
      { id: '00', value: 'sn.kpay.wallet' },
      { id: '01', value: 'MRC-00005' },
      { id: '02', value: 'QR7K2M9XQ4AB' },
    ]);
    expect(parseEmv(payload).map((f) => f.id)).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '63']);
    expect(hasValidCrc(payload)).toBe(true);
  });

  it('keeps long names and cities within EMV limits', () => {
    const payload = buildMerchantPayload({
      ...base,
      merchantName: 'Alimentation Générale Serigne Fallou Mbacké',
      city: 'Saint-Louis du Sénégal',
    });
    const fields = Object.fromEntries(parseEmv(payload).map((f) => [f.id, f.value]));
    expect(fields['59']).toBe('Alimentation Generale Ser');
    expect(fields['60']).toBe('Saint-Louis du');
  });

  it('refuses amounts and MCCs no wallet could read', () => {
    expect(() => buildMerchantPayload({ ...base, amount: 0 })).toThrow();
    expect(() => buildMerchantPayload({ ...base, amount: 12.5 })).toThrow();
    expect(() => buildMerchantPayload({ ...base, mcc: '59' })).toThrow();
  });
});
