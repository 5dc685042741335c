import { describe, expect, it } from 'vitest';
import { DETAIL_BUTTON_WIDTH, cardOrder, columnsToHide, type FitColumn } from './fit-columns';

const report: FitColumn[] = [
  { id: 'createdAt', width: 150, priority: 0, keep: true },
  { id: 'reference', width: 170, priority: 0, keep: true },
  { id: 'type', width: 120, priority: 1 },
  { id: 'service', width: 120, priority: 5 },
  { id: 'status', width: 120, priority: 2 },
  { id: 'fromName', width: 150, priority: 3 },
  { id: 'amount', width: 140, priority: 0, keep: true },
  { id: 'fee', width: 140, priority: 0, keep: true },
];
const total = report.reduce((sum, c) => sum + c.width, 0);

describe('columnsToHide', () => {
  it('hides nothing when every column fits or the width is not known yet', () => {
    expect(columnsToHide(report, total)).toEqual([]);
    expect(columnsToHide(report, undefined)).toEqual([]);
  });

  it('lets the least important columns give way first, and never a kept one', () => {
    expect(columnsToHide(report, total - 1)).toEqual(['service']);
    expect(columnsToHide(report, total - 200)).toEqual(['service', 'fromName']);
    const narrow = columnsToHide(report, 300);
    expect(narrow).toEqual(['service', 'fromName', 'status', 'type']);
    expect(narrow).not.toContain('amount');
  });

  it('counts the row-detail button once a column is hidden', () => {
    // Room for everything but Service plus the button: hiding Service alone is not enough.
    expect(columnsToHide(report, total - 120 + DETAIL_BUTTON_WIDTH - 1)).toEqual(['service', 'fromName']);
    expect(columnsToHide(report, total - 120 + DETAIL_BUTTON_WIDTH)).toEqual(['service']);
  });

  it('hides more when the table measured that it still overflows', () => {
    expect(columnsToHide(report, total, 2)).toEqual(['service', 'fromName']);
  });
});

describe('cardOrder', () => {
  it('reads date, reference, type, status, parties, the rest, then the money', () => {
    const columns = [
      { id: 'amount', role: 'amount' as const },
      { id: 'from', role: 'party' as const },
      { id: 'channel' },
      { id: 'status', role: 'status' as const },
      { id: 'reference', role: 'reference' as const },
      { id: 'date', role: 'date' as const },
      { id: 'type', role: 'type' as const },
      { id: 'fee', role: 'amount' as const },
    ];
    expect(cardOrder(columns).map((c) => c.id)).toEqual([
      'date',
      'reference',
      'type',
      'status',
      'from',
      'channel',
      'amount',
      'fee',
    ]);
  });
});
