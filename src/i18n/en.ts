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
export const en = joinParts(enCore, enShell, enKit);

/**
 * The parts as one table, section by section: a section may be split between them (`shell`
 * keeps in core the words /login says, the frame's others come with the shell).
 */
export function joinParts<A extends object, B extends object, C extends object>(a: A, b: B, c: C): A & B & C {
  const join = (target: Record<string, unknown>, source: object): Record<string, unknown> => {
    for (const [key, value] of Object.entries(source)) {
      const present = target[key];
      target[key] =
        value && typeof value === 'object' && present && typeof present === 'object'
          ? join({ ...present }, value)
          : value;
    }
    return target;
  };
  return [a, b, c].reduce<Record<string, unknown>>(join, {}) as A & B & C;
}

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type CoreMessages = Widen<typeof enCore>;
export type ShellMessages = Widen<typeof enShell>;
export type KitMessages = Widen<typeof enKit>;
export type Messages = CoreMessages & ShellMessages & KitMessages;
