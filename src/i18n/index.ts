import { enCore } from './core-en';
import { frCore } from './core-fr';
import { isLanguage } from './languages';
import { createTranslator, type Translator } from './translator';

export { isLanguage, LANGUAGES, type Language } from './languages';
/** Kept apart from the session keys: the language outlives a logout. */
export const LANGUAGE_KEY = 'language';

/**
 * EN by default (docs/decisions/004-own-translator.md); the header switch remembers the choice.
 * Only the strings of /login and the frame are here: the others arrive with the shell, the kit
 * (lazy-messages.ts) and each page (page-messages.ts).
 */
export function createI18n(store: Pick<Storage, 'getItem' | 'setItem'> | null): Translator {
  const saved = store?.getItem(LANGUAGE_KEY);
  const translator = createTranslator(isLanguage(saved) ? saved : 'en', { en: enCore, fr: frCore });
  const showLanguage = () => {
    if (typeof document !== 'undefined') document.documentElement.lang = translator.language;
  };
  translator.subscribe(() => {
    store?.setItem(LANGUAGE_KEY, translator.language);
    showLanguage();
  });
  showLanguage();
  return translator;
}
