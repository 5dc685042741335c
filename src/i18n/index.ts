import { enCore } from './core-en';
import { isLanguage } from './languages';
import { createTranslator, type Translator } from './translator';

export { isLanguage, LANGUAGES, type Language } from './languages';
/** Kept apart from the session keys: the language outlives a logout. */
export const LANGUAGE_KEY = 'language';

/**
 * EN by default (docs/decisions/004-own-translator.md); the header switch remembers the choice.
 * Only the English strings of /login are here: their French arrives before the first page
 * shows in French (the root route asks for the `core` part, decision 060), the others with the
 * shell, the kit (lazy-messages.ts) and each page (page-messages.ts).
 */
export function createI18n(store: Pick<Storage, 'getItem' | 'setItem'> | null): Translator {
  const saved = store?.getItem(LANGUAGE_KEY);
  const translator = createTranslator(isLanguage(saved) ? saved : 'en', { en: enCore });
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
