import { describe, expect, it } from 'vitest';
import {
  DETAIL_BUTTON_WIDTH,
  cardOrder,
  columnsToHide,
  type FitColumn,
  pinnedColumns,
  withMeasuredWidths,
} from './fit-columns';

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
    const narrow = columnsToHide(report, 700);
    expect(narrow).toEqual(['service', 'fromName', 'status', 'type']);
    expect(narrow).not.toContain('amount');
  });

  it('counts the row-detail button once a column is hidden', () => {
    // Room for everything but Service plus the button: hiding Service alone is not enough.
    expect(columnsToHide(report, total - 120 + DETAIL_BUTTON_WIDTH - 1)).toEqual(['service', 'fromName']);
    expect(columnsToHide(report, total - 120 + DETAIL_BUTTON_WIDTH)).toEqual(['service']);
  });

  it('hides nothing when even the kept columns overflow: the table scrolls sideways with every column', () => {
    expect(columnsToHide(report, 599)).toEqual([]);
  });

  it('hides more when the table measured that it still overflows', () => {
    expect(columnsToHide(report, total, 2)).toEqual(['service', 'fromName']);
  });
});

/**
 * The transaction report as drawn in Chromium (compact cells: dates without the current year,
 * names cut at 80 px), with the room its box has beside the open menu at each screen width.
 */
const drawn: FitColumn[] = [
  { id: 'createdAt', width: 95, priority: 10, keep: true },
  { id: 'reference', width: 149, priority: 0, keep: true },
  { id: 'type', width: 112, priority: 1 },
  { id: 'service', width: 112, priority: 5 },
  { id: 'status', width: 88, priority: 2 },
  { id: 'fromName', width: 96, priority: 3 },
  { id: 'toName', width: 96, priority: 4 },
  { id: 'amount', width: 141, priority: 0, keep: true },
  { id: 'fee', width: 100, priority: 0, keep: true },
  { id: 'commission', width: 126, priority: 0, keep: true },
];
const ROOM = { 1920: 1600, 1366: 1062, 1000: 696 } as const;
const shown = (columns: readonly FitColumn[], room: number) => {
  const hidden = columnsToHide(columns, room);
  return columns.map((c) => c.id).filter((id) => !hidden.includes(id));
};

describe('the transaction report at the screens staff use', () => {
  it('shows date, reference, type, status, both parties and the money at 1366 px with the menu open', () => {
    expect(shown(drawn, ROOM[1366])).toEqual([
      'createdAt',
      'reference',
      'type',
      'status',
      'fromName',
      'toName',
      'amount',
      'fee',
      'commission',
    ]);
  });

  it('shows every column at 1920 px', () => {
    expect(columnsToHide(drawn, ROOM[1920])).toEqual([]);
  });

  it('keeps identity and money at 1000 px, the others in the rows’ details', () => {
    expect(shown(drawn, ROOM[1000])).toEqual(['createdAt', 'reference', 'amount', 'fee', 'commission']);
  });

  it('never hides a column the user chose, even when the table must then scroll', () => {
    const chosen = [...drawn, { id: 'fromPhone', width: 120, priority: 20, keep: true }];
    expect(shown(chosen, ROOM[1366])).toContain('fromPhone');
    // At 1000 px what must show no longer fits: every column shows and the table scrolls.
    expect(columnsToHide(chosen, ROOM[1000])).toEqual([]);
  });
});

describe('withMeasuredWidths', () => {
  it('uses what a column measured and its declared width until it has been drawn', () => {
    const columns = [
      { id: 'a', width: 150, priority: 1 },
      { id: 'b', width: 150, priority: 2 },
    ];
    expect(withMeasuredWidths(columns, { a: 99.2 }).map((c) => c.width)).toEqual([100, 150]);
    expect(withMeasuredWidths(columns, undefined)).toEqual(columns);
  });
});

describe('pinnedColumns', () => {
  it('holds the reference on the left and the first amount on the right', () => {
    const columns = [
      { id: 'date', role: 'date' as const, keep: true },
      { id: 'ref', role: 'reference' as const, keep: true },
      { id: 'amount', role: 'amount' as const, keep: true },
      { id: 'fee', role: 'amount' as const, keep: true },
    ];
    expect(pinnedColumns(columns)).toEqual({ left: 'ref', right: 'amount' });
    expect(pinnedColumns([{ id: 'name', rowHeader: true }, { id: 'n' }])).toEqual({ left: 'name', right: undefined });
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
