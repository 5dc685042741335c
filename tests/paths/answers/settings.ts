/**
 * What the runner answers in the server's place on the settings pages' paths (banks, banners,
 * QR codes): a server error or a refusal the demo data cannot be made to give on demand.
 */
import type { HeldAnswer } from '../driver';

export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side (held answer).';

/** The error envelope with one error. */
export const refusal = (status: number, code: string, longMessage: string): HeldAnswer => ({
  status,
  body: { status: false, errors: [{ code, shortMessage: code.replaceAll('_', ' '), longMessage }] },
});

export const SERVER_ERROR = refusal(500, 'INTERNAL_ERROR', SERVER_ERROR_MESSAGE);
