/// <reference lib="webworker" />
import { bulkOperation, rowsFromSheet, validateRows } from '../../contract/bulk';
import type { ParseRequest, ParseResponse } from './parse-file';
import { parseSpreadsheet } from './parse-sheet';

/**
 * Parses and validates a file off the main thread: 50,000 rows take a while, and the page
 * must keep answering (scroll, cancel) meanwhile.
 */
self.onmessage = (event: MessageEvent<ParseRequest>) => {
  const { kind, bytes } = event.data;
  let response: ParseResponse;
  try {
    const op = bulkOperation(kind);
    if (!op) throw new Error(`Unknown operation ${kind}`);
    const { rows, problem } = rowsFromSheet(op, parseSpreadsheet(new Uint8Array(bytes)));
    response = problem ? { ok: false, problem } : { ok: true, rows, errors: validateRows(op, rows) };
  } catch {
    response = { ok: false, problem: { code: 'UNREADABLE' } };
  }
  (self as unknown as Worker).postMessage(response);
};
