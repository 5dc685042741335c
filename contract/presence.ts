import { INBOX_KINDS } from './inbox';

/**
 * Who has an item open (docs/decisions/050-who-has-this-open.md): a KYC case or an inbox
 * request. The dashboard says so while the page or dialog is open, again every
 * PRESENCE_REFRESH_MS; the server forgets a holder it has not heard from in PRESENCE_TTL_MS,
 * so a closed or crashed tab stops holding within seconds even when it could not say goodbye.
 */
export const PRESENCE_KINDS = ['kyc', ...INBOX_KINDS] as const;
export type PresenceKind = (typeof PRESENCE_KINDS)[number];

/** The pages a KYC case opens from: whoever has one may hold a case, and is told who else does. */
export const KYC_CASE_LISTS: readonly string[] = ['/customers', '/agents', '/merchants'];

export const PRESENCE_REFRESH_MS = 4_000;
export const PRESENCE_TTL_MS = 12_000;

/** The event name of presence on the inbox stream (GET /inbox/stream): who else holds what the caller may see. */
export const PRESENCE_EVENT = 'presence';

/** One item others hold: the names of those who have it open, the caller never among them. */
export interface HeldItem {
  kind: PresenceKind;
  id: string;
  by: string[];
}

/** The same item whichever way its id was typed: account numbers are upper case. */
export const presenceKey = (kind: PresenceKind, id: string) => `${kind}:${kind === 'kyc' ? id.toUpperCase() : id}`;
