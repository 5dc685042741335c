import { describe, expect, it } from 'vitest';
import { findReport, type ReportDef } from '../../../contract/reports';
import { presetRange, readRange } from '../../ui/dates';
import {
  apiParams,
  defaultSort,
  exportFilters,
  filterOptions,
  hasDateRange,
  readReportView,
  reportQuery,
  viewSearch,
} from './report-query';

function report(id: string): ReportDef {
  const r = findReport(id);
  if (!r) throw new Error(id);
  return r;
}

const NOW = new Date(2025, 2, 14, 10, 30); // 14 March 2025

describe('date ranges', () => {
  it('computes the presets from today, both ends included', () => {
    expect(presetRange('today', NOW)).toEqual({ from: '2025-03-14', to: '2025-03-14' });
    expect(presetRange('7d', NOW)).toEqual({ from: '2025-03-08', to: '2025-03-14' });
    expect(presetRange('30d', NOW)).toEqual({ from: '2025-02-13', to: '2025-03-14' });
    expect(presetRange('month', NOW)).toEqual({ from: '2025-03-01', to: '2025-03-14' });
  });

  it('reads a custom range, ordering reversed days and ignoring bad ones', () => {
    expect(readRange({ range: 'custom', from: '2025-01-10', to: '2025-01-02' }, 'today', NOW)).toEqual({
      preset: 'custom',
      from: '2025-01-02',
      to: '2025-01-10',
    });
    expect(readRange({ range: 'custom', from: '2025-02-30', to: 'x' }, 'today', NOW)).toEqual({
      preset: 'custom',
      from: '2025-03-14',
      to: '2025-03-14',
    });
    expect(readRange({ range: 'bogus' }, '30d', NOW).preset).toBe('30d');
    // Days alone make a custom range: a link says what it means.
    expect(readRange({ from: '2024-01-01' }, 'today', NOW)).toEqual({
      preset: 'custom',
      from: '2024-01-01',
      to: '2025-03-14',
    });
    expect(readRange({ to: '2024-01-01' }, 'today', NOW)).toMatchObject({ from: '2024-01-01', to: '2024-01-01' });
  });
});

describe('the report view in the URL', () => {
  const tx = report('transaction-report');

  it('keeps only the filters the report offers, with known values', () => {
    const view = readReportView(
      tx,
      { status: 'failed', service: 'woyofal', type: 'nope', bank: 'BBG', q: 771234567, kycStatus: 'approved' },
      ['BBG'],
      NOW,
    );
    // transaction-report filters: status, service, type, search
    expect(view.filters).toEqual({ status: 'failed', service: 'woyofal', q: '771234567' });
  });

  it('checks sort, dir, page and page size', () => {
    expect(readReportView(tx, { sort: 'amount', dir: 'desc', page: 3, pageSize: 100 }, [], NOW)).toMatchObject({
      sort: 'amount',
      dir: 'desc',
      page: 3,
      pageSize: 100,
    });
    expect(readReportView(tx, { sort: 'balance', dir: 'up', page: -1, pageSize: 7 }, [], NOW)).toMatchObject({
      sort: undefined,
      dir: undefined,
      page: 1,
      pageSize: 50,
    });
  });

  it('writes only what differs from the defaults, and reads it back', () => {
    const view = readReportView(tx, {}, [], NOW);
    expect(viewSearch(view)).toEqual({});
    const changed = { ...view, preset: '7d' as const, filters: { status: 'pending' }, page: 2, pageSize: 25 };
    expect(viewSearch(changed)).toEqual({ range: '7d', status: 'pending', page: 2, pageSize: 25 });
    const custom = { ...view, preset: 'custom' as const, from: '2025-01-01', to: '2025-01-31' };
    expect(viewSearch(custom)).toEqual({ from: '2025-01-01', to: '2025-01-31' });
    expect(readReportView(tx, viewSearch(custom), [], NOW)).toMatchObject({ preset: 'custom', from: '2025-01-01' });
    expect(readReportView(tx, viewSearch(changed), [], NOW)).toMatchObject({
      preset: '7d',
      from: '2025-03-08',
      filters: { status: 'pending' },
      page: 2,
      pageSize: 25,
    });
  });

  it('builds the API query and the export filters', () => {
    const view = readReportView(tx, { status: 'success', sort: 'amount', dir: 'asc', page: 2 }, [], NOW);
    const q = reportQuery(tx, view);
    expect(apiParams(q)).toEqual({
      from: '2025-03-14',
      to: '2025-03-14',
      status: 'success',
      sort: 'amount',
      dir: 'asc',
      page: 2,
      pageSize: 50,
    });
    expect(exportFilters(q)).toEqual({ from: '2025-03-14', to: '2025-03-14', status: 'success' });
  });

  it('sends no dates for snapshot account reports, and the member of the AFTU report', () => {
    const wallet = report('wallet-balance');
    expect(hasDateRange(wallet)).toBe(false);
    expect(apiParams(reportQuery(wallet, readReportView(wallet, {}, [], NOW)))).toEqual({ page: 1, pageSize: 50 });
    const aftu = report('report-aftu-partner');
    expect(reportQuery(aftu, readReportView(aftu, {}, [], NOW), 'AFTU-001').memberId).toBe('AFTU-001');
    expect(exportFilters(reportQuery(aftu, readReportView(aftu, {}, [], NOW), 'AFTU-001'))).toMatchObject({
      memberId: 'AFTU-001',
    });
  });

  it('offers the closure statuses on the closed-account report and the slice types on cash-in/cash-out', () => {
    expect(filterOptions(report('blocked-user-request'), 'status', [])).toEqual(['pending', 'approved', 'rejected']);
    expect(filterOptions(report('cashin-cashout-report'), 'type', [])).toEqual(['cash_in', 'cash_out']);
    expect(filterOptions(tx, 'type', [])).not.toContain('opening');
  });

  it("shows the server's default order", () => {
    expect(defaultSort(tx)).toEqual({ key: 'createdAt', dir: 'desc' });
    expect(defaultSort(report('wallet-balance'))).toEqual({ key: 'balance', dir: 'desc' });
    expect(defaultSort(report('aggregrate-report'))).toEqual({ key: 'amount', dir: 'desc' });
    expect(defaultSort(report('activation-report'))).toBeNull();
  });
});
