import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enCore } from './core-en';
import { frCore } from './core-fr';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Kept apart from the session keys: the language outlives a logout. */
export const LANGUAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'fr';
}

/**
 * EN by default (SPEC.md §1); the header switch remembers the choice. Only the strings of
 * /login and the frame are here: the pages' strings arrive with the shell (app-messages.ts).
 */
export function createI18n(store: Pick<Storage, 'getItem' | 'setItem'> | null): i18n {
  const saved = store?.getItem(LANGUAGE_KEY);
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    // Copies: i18next merges the lazy parts into these objects, which must stay as the modules wrote them.
    resources: { en: { translation: structuredClone(enCore) }, fr: { translation: structuredClone(frCore) } },
    lng: isLanguage(saved) ? saved : 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  instance.on('languageChanged', (lng) => {
    store?.setItem(LANGUAGE_KEY, lng);
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  if (typeof document !== 'undefined') document.documentElement.lang = instance.language;
  return instance;
}
