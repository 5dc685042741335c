import { enCore } from './core-en';
import { enKit } from './kit-en';
import { enShell } from './shell-en';

/**
 * Every English string the translator's own parts carry, and the shape French must have. The
 * app loads them separately (lazy-messages.ts): core-en.ts at start, shell-en.ts with the
 * signed-in frame, kit-en.ts with the first page behind the menu. A feature's strings live in
 * its messages.ts and arrive with its page (page-messages.ts); tests that need them all use
 * tests/messages.ts.
 */
export const en = { ...enCore, ...enShell, ...enKit };

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type CoreMessages = Widen<typeof enCore>;
export type ShellMessages = Widen<typeof enShell>;
export type KitMessages = Widen<typeof enKit>;
export type Messages = CoreMessages & ShellMessages & KitMessages;
