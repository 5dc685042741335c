/**
 * Every bulk template (contract/bulk.ts) reads back through the dashboard's file parser: the
 * contract and the dashboard together, so the test lives outside both.
 */
import { describe, expect, it } from 'vitest';
import { BULK_OPERATIONS, cleanValue, rowsFromSheet, templateCsv, validateRows } from '../../contract/bulk';
import { parseCsv } from '../../src/features/bulk/parse-sheet';

describe('templateCsv', () => {
  it.each(BULK_OPERATIONS.map((o) => [o.kind, o] as const))(
    'the %s template reads back through the file parser with zero errors',
    (_kind, definition) => {
      const csv = templateCsv(definition);
      expect(csv.split('\r\n')[0]).toBe(definition.columns.map((c) => c.header).join(','));
      const { rows, problem } = rowsFromSheet(definition, parseCsv(csv));
      expect(problem).toBeNull();
      expect(rows).toEqual([
        {
          rowNo: 2,
          values: Object.fromEntries(definition.columns.map((c) => [c.key, cleanValue(c.key, c.example)])),
        },
      ]);
      expect(validateRows(definition, rows)).toEqual([]);
    },
  );
});
