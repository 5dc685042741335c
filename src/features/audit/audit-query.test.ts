import { describe, expect, it } from 'vitest';
import { auditParams, auditSearch, detailsText, readAuditView } from './audit-query';

describe('the audit trail’s URL', () => {
  it('reads valid filters and drops the bad ones one by one', () => {
    expect(
      readAuditView({
        user: ' admin ',
        action: 'bank.create',
        channel: 'wap1',
        from: '2026-11-01',
        to: '2026-11-30',
        page: 3,
      }),
    ).toEqual({
      user: 'admin',
      action: 'bank.create',
      channel: 'wap1',
      from: '2026-11-01',
      to: '2026-11-30',
      page: 3,
      pageSize: 50,
    });
    expect(
      readAuditView({
        user: 'a\u0000b',
        action: 'bank create',
        channel: 'sms',
        from: '2026-02-30',
        page: -1,
        pageSize: 7,
      }),
    ).toEqual({ user: '', action: '', channel: '', from: '', to: '', page: 1, pageSize: 50 });
    // Days typed the wrong way round are swapped, not dropped.
    expect(readAuditView({ from: '2026-11-30', to: '2026-11-01' })).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    // The router reads digits as a number.
    expect(readAuditView({ user: 221771234567 }).user).toBe('221771234567');
  });

  it('writes only what differs from the defaults, and sends the API every filter set', () => {
    const view = readAuditView({ action: 'qr', page: 2, pageSize: 100 });
    expect(auditSearch(view)).toEqual({ action: 'qr', page: 2, pageSize: 100 });
    expect(auditParams(view)).toEqual({ action: 'qr', page: 2, pageSize: 100 });
    expect(auditSearch(readAuditView({}))).toEqual({});
    expect(auditParams(readAuditView({}))).toEqual({ page: 1, pageSize: 50 });
  });

  it('shows details as readable pairs', () => {
    expect(detailsText({ merchant: 'MRC-00005', amount: 1500, changes: { name: { from: 'A', to: 'B' } } })).toBe(
      'merchant: MRC-00005 · amount: 1500 · changes: {"name":{"from":"A","to":"B"}}',
    );
    expect(detailsText(null)).toBe('');
  });
});
