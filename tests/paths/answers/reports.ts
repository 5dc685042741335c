/**
 * What the runners answer in the server's place to the report pages' requests (the rows, the
 * export jobs, the audit trail's export, a row's detail): a success's envelope, and the
 * failures the server cannot be made to give on demand.
 */
import type { HeldAnswer } from '../driver';

export const SERVER_FAILURE = 'Something went wrong on our side.';

export const answered = (payload: unknown): HeldAnswer => ({ body: { status: true, payload } });
export const refused = (status: number, code: string, longMessage: string): HeldAnswer => ({
  status,
  body: { status: false, errors: [{ code, shortMessage: code, longMessage }] },
});
/** A 500: no read is tried again on it, so the page shows it at once. */
export const SERVER_ERROR = refused(500, 'INTERNAL_ERROR', SERVER_FAILURE);
