import type { BulkKind, BulkRow, HeaderProblem, RowError } from '../../../contract/bulk';

export interface ParseRequest {
  kind: BulkKind;
  bytes: ArrayBuffer;
}

export type ParseResponse = { ok: true; rows: BulkRow[]; errors: RowError[] } | { ok: false; problem: HeaderProblem };

export class FileProblem extends Error {
  constructor(readonly problem: HeaderProblem) {
    super(problem.code);
    this.name = 'FileProblem';
  }
}

/** Reads the file and hands it to the parsing worker; the worker is ended when the page lets go. */
export async function parseFileInWorker(
  file: Blob,
  kind: BulkKind,
  signal: AbortSignal,
): Promise<{ rows: BulkRow[]; errors: RowError[] }> {
  const bytes = await file.arrayBuffer();
  const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module' });
  try {
    const response = await new Promise<ParseResponse>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      worker.onmessage = (event: MessageEvent<ParseResponse>) => resolve(event.data);
      worker.onerror = () => resolve({ ok: false, problem: { code: 'UNREADABLE' } });
      // Transferred, not copied: a 5 MB file is not held twice.
      worker.postMessage({ kind, bytes } satisfies ParseRequest, [bytes]);
    });
    if (!response.ok) throw new FileProblem(response.problem);
    return { rows: response.rows, errors: response.errors };
  } finally {
    worker.terminate();
  }
}
