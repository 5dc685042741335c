import { bulkOperation, rowsFromSheet, validateRows } from '../../../contract/bulk';
import type { ParseRequest, ParseResponse } from './parse-file';
import { parseSpreadsheet } from './parse-sheet';

/** What the parsing worker does with one file: read it, map its columns, validate every row. */
export function parseJob({ kind, bytes }: ParseRequest): ParseResponse {
  try {
    const op = bulkOperation(kind);
    if (!op) throw new Error(`Unknown operation ${kind}`);
    const { rows, problem } = rowsFromSheet(op, parseSpreadsheet(new Uint8Array(bytes)));
    return problem ? { ok: false, problem } : { ok: true, rows, errors: validateRows(op, rows) };
  } catch {
    return { ok: false, problem: { code: 'UNREADABLE' } };
  }
}
