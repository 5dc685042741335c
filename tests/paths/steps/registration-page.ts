/**
 * The registration page as the step table of tests/paths/steps/registration.ts finds it and
 * fills it: its requests, fields and buttons, the values and files typed, what the runners
 * give it (`RegistrationEnv`) and the outcomes it answers itself.
 */
import type { HeldAnswer, HeldRequest, Target } from '../driver';

export const REGISTRATION_REQUESTS = {
  check: 'registrations/availability',
  create: 'registrations/customer',
} as const;
export const REGISTRATION_USER = 'zone-sales-manager';
export const PAGE = '/registration/customer';
export const STEPS = ['Identity', 'Contact', 'Address', 'Account settings', 'Documents', 'Check and register'] as const;

/** A number as typed and as the API stores it. */
export interface TypedNumber {
  typed: string;
  stored: string;
}
export type PhoneLabel = 'valid' | 'taken' | 'fresh';

/** A file picked on the documents step. */
export interface PickedFile {
  name: string;
  mimeType: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
/** Real pictures (1 × 1 and 4 × 4): the real server decodes what it is sent, and refuses a bare signature. */
const PNG_BYTES = fromBase64(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
);
const JPEG_BYTES = fromBase64(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSgBBwcHCggKEwoKEygaFhooKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKP/AABEIAAQABAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/APYKAP8A/9k=',
);
export const FILES: Record<string, { title: string; file: PickedFile }> = {
  id_front: { title: 'ID card (front)', file: { name: 'front.png', mimeType: 'image/png', bytes: PNG_BYTES } },
  id_back: { title: 'ID card (back)', file: { name: 'back.jpg', mimeType: 'image/jpeg', bytes: JPEG_BYTES } },
  selfie: { title: 'Selfie', file: { name: 'selfie.jpg', mimeType: 'image/jpeg', bytes: JPEG_BYTES } },
};
/** A program renamed to .png: the page refuses it from its first bytes. */
export const NOT_AN_IMAGE: PickedFile = {
  name: 'front.png',
  mimeType: 'image/png',
  bytes: new TextEncoder().encode('MZ not an image'),
};

/** What differs between the runners: the numbers typed, what the server received, files, storage. */
export interface RegistrationEnv {
  /** The national ID typed for the graph's `valid` identity, and as the API stores it. */
  nationalId: TypedNumber;
  /** The phone typed for each of the graph's contact labels; `taken` is one the server knows. */
  phones: Record<PhoneLabel, TypedNumber>;
  /** The new account's number as the page shows it. */
  accountNumber: string | RegExp;
  /** Chooses an option of a native select. */
  select(target: Target, value: string): Promise<void>;
  /** Picks a file in a file input. */
  pick(target: Target, file: PickedFile): Promise<void>;
  /** The queries of every duplicate check the page sent, oldest first. */
  checks(): Promise<Record<string, string>[]>;
  /** The body of every create call the page sent, oldest first. */
  creates(): Promise<unknown[]>;
  /** Resolves once no request of the page is on its way. */
  idle(): Promise<void>;
  /** The registration's draft the tab keeps, if any. */
  storedDraft(): Promise<{ step: string; values: Record<string, Record<string, string>> } | null>;
  /** Holds the next document upload to the new account (its number is the server's). */
  holdUpload(): HeldRequest;
  /** Someone else registers an account with this (stored) phone number. */
  takePhone(stored: string): Promise<void>;
  /** The (type, file name) of each document the new account has, when the runner can tell. */
  storedDocuments?(): Promise<[string, string][]>;
  /** The answer the runner gives for an outcome instead of the server, if any. */
  answer?(outcome: string): HeldAnswer | 'no answer' | undefined;
}

const failure = (status: number, code: string, longMessage: string, sessionExpired = false): HeldAnswer => ({
  status,
  body: { status: false, sessionExpired, errors: [{ code, shortMessage: code.replaceAll('_', ' '), longMessage }] },
});

/** Outcomes the step table gives itself in both runners: no server gives them on demand. */
export const OWN_ANSWERS: Record<string, () => HeldAnswer | 'no answer'> = {
  'checkDuplicates.error(session ended)': () =>
    failure(401, 'SESSION_EXPIRED', 'Your session has expired. Please sign in again.', true),
  'checkDuplicates.error(no answer)': () => 'no answer',
  'createAccount.error(no answer)': () => 'no answer',
  'uploadDocument.error(server error)': () => failure(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'),
};

const main: Target = { role: 'main' };
export const inMain = (target: Target): Target => ({ ...target, in: main });
export const LABELS = {
  firstName: /^First name/,
  lastName: /^Last name/,
  birthDate: /^Date of birth/,
  gender: /^Sex/,
  nationalId: /^National ID card number/,
  phone: /^Mobile number/,
  street: /^Street and number/,
  city: /^City/,
  region: /^Region/,
  agentNumber: /^Enrolling agent/,
} as const;
export type FieldName = keyof typeof LABELS;
export const field = (name: FieldName) => inMain({ label: LABELS[name] });
export const SELECTS: readonly FieldName[] = ['gender', 'region'];
export const docInput = (title: string) => inMain({ label: new RegExp(`^${title.replace(/[()]/g, '\\$&')} ·`) });
export const button = (name: string | RegExp) => inMain({ role: 'button', name });
export const stepHeading = (title: string) => inMain({ role: 'heading', name: title });

/** Days are typed as people write them (DD-MM-YYYY); the form holds them as YYYY-MM-DD. */
export const IDENTITY = { firstName: 'Khadija', lastName: 'Sy', birthDate: '15-06-1995', gender: 'female' };
export const INVALID_IDENTITY = {
  firstName: '',
  lastName: 'S',
  birthDate: '01-01-2012',
  gender: '',
  nationalId: '12345',
};
export const ADDRESS = { street: 'Rue 12, Médina', city: 'Dakar', region: 'Dakar' };
export const SETTINGS = { agentNumber: 'AGT-00001' };
export const UNREACHABLE = 'The server could not be reached. Check your connection and try again.';

/** Waits until `check` passes, as the driver's assertions wait for the page. */
export async function eventually(check: () => Promise<void> | void, timeout = 5_000) {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
