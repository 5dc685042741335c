import { enCore } from './core-en';
import { enPages } from './pages-en';
import { enShell } from './shell-en';

/**
 * Every English string, for tests and for the shape French must have. The app loads the
 * parts separately (lazy-messages.ts): core-en.ts at start, shell-en.ts with the signed-in
 * frame, pages-en.ts with the first page behind the menu.
 */
export const en = { ...enCore, ...enShell, ...enPages };

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type CoreMessages = Widen<typeof enCore>;
export type ShellMessages = Widen<typeof enShell>;
export type PagesMessages = Widen<typeof enPages>;
export type Messages = CoreMessages & ShellMessages & PagesMessages;
