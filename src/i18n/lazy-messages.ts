import { enCore } from './core-en';
import { isLanguage, LANGUAGES, type Language } from './languages';
import type { Messages, Translator } from './translator';

/**
 * The strings that are not needed at /login in English, in lazy parts per language: /login's
 * own in French, the signed-in frame with the home page, and the shared kit as the pages behind
 * the menu render it. Each page brings its own strings in its chunk (page-messages.ts).
 */
const PARTS = {
  // English is in the entry (index.ts); French comes only to a page shown in French.
  core: {
    first: 'login',
    en: async () => enCore,
    fr: () => import('./core-fr').then((m) => m.frCore),
  },
  shell: {
    first: 'home',
    en: () => import('./shell-en').then((m) => m.enShell),
    fr: () => import('./shell-fr').then((m) => m.frShell),
  },
  kit: {
    // A section of its own: the features add other keys under `reports`.
    first: 'reports.pager',
    en: () => import('./kit-en').then((m) => m.enKit),
    fr: () => import('./kit-fr').then((m) => m.frKit),
  },
} satisfies Record<string, { first: string } & Record<Language, () => Promise<Messages>>>;
export type MessagesPart = keyof typeof PARTS;

/**
 * A part is present in a language when its first key is. The instance itself is the only
 * record, so nothing is kept beside it.
 */
function has(instance: Translator, part: MessagesPart, lng: Language): boolean {
  return instance.lookup(lng, PARTS[part].first) !== undefined;
}

async function load(instance: Translator, part: MessagesPart, lng: Language): Promise<void> {
  if (has(instance, part, lng)) return;
  instance.addMessages(lng, await PARTS[part][lng]());
}

/**
 * Loads a part in the current language only: French has every key English has (fr.ts is
 * typed by en.ts), so the English fallback is never needed. The shell route asks for `shell`
 * and the page route for `kit` before they render.
 */
export async function ensureMessages(instance: Translator, part: MessagesPart): Promise<void> {
  await load(instance, part, isLanguage(instance.language) ? instance.language : 'en');
}

/** Switches language once the new language's strings are present, so no key shows through mid-switch. */
export async function changeLanguage(instance: Translator, lng: Language): Promise<void> {
  const parts = (Object.keys(PARTS) as MessagesPart[]).filter((part) =>
    LANGUAGES.some((other) => has(instance, part, other)),
  );
  await Promise.all(parts.map((part) => load(instance, part, lng)));
  instance.changeLanguage(lng);
}
