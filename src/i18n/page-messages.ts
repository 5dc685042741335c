import { LANGUAGES, type Language } from './languages';
import { useTranslation } from './react';
import type { Messages, Translator } from './translator';

/** A lazy page's strings in both languages; `fr` must have the shape of `en`. */
export type PageMessages<T extends object> = Record<Language, T>;

/**
 * The tables each translator has been given, so a page that renders again adds nothing. The
 * table itself is the mark, not its key: a section may be shared, e.g. the kit's part and the
 * report page both add keys under `reports`.
 */
const added = new WeakMap<Translator, WeakSet<object>>();

/**
 * Adds a page's strings under `key` the first time it is needed. The strings then ship in
 * the page's lazy chunk instead of the main bundle that every user downloads at /login.
 * Strings already present stay (Translator.addMessages).
 */
export function addPageMessages<T extends object>(instance: Translator, key: string, messages: PageMessages<T>): void {
  // t() reads a dot as a step into the table, so a dotted key could never be found.
  if (key.includes('.')) throw new Error(`Page messages need a key without dots: “${key}”`);
  let done = added.get(instance);
  if (!done) {
    done = new WeakSet();
    added.set(instance, done);
  }
  if (done.has(messages)) return;
  done.add(messages);
  for (const lng of LANGUAGES) instance.addMessages(lng, { [key]: messages[lng] as Messages });
}

/** `useTranslation()` for a lazy page whose strings live beside it (see addPageMessages). */
export function usePageMessages<T extends object>(key: string, messages: PageMessages<T>) {
  const translation = useTranslation();
  addPageMessages(translation.i18n, key, messages);
  return translation;
}
