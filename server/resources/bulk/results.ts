import { asc, eq } from 'drizzle-orm';
import type { BulkOperationDef } from '../../../contract/bulk';
import type { Db } from '../../db/database';
import { bulkRows, transactions } from '../../db/schema';
import { csvLine } from '../../lib/csv-cell';

/** Every stored row with what became of it; the byte-order mark lets Excel read UTF-8 names. */
export async function resultsCsv(db: Db, op: BulkOperationDef, batchId: string): Promise<string> {
  const rows = await db
    .select({
      rowNo: bulkRows.rowNo,
      data: bulkRows.data,
      status: bulkRows.status,
      error: bulkRows.error,
      reference: transactions.reference,
    })
    .from(bulkRows)
    .leftJoin(transactions, eq(transactions.id, bulkRows.transactionId))
    .where(eq(bulkRows.batchId, batchId))
    .orderBy(asc(bulkRows.rowNo));
  const header = ['row', ...op.columns.map((c) => c.header), 'status', 'transaction', 'error'];
  const lines = [csvLine(header)];
  for (const row of rows) {
    const cells = [
      row.rowNo,
      ...op.columns.map((c) => {
        const value = row.data[c.key];
        return value === undefined || value === null ? null : String(value);
      }),
      row.status,
      row.reference,
      row.error,
    ];
    lines.push(csvLine(cells));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
