import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { TFunction, Translator } from './translator';

const TranslatorContext = createContext<Translator | null>(null);

export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/**
 * The translator and its `t` for the current language. `t` is a new function after each
 * change of language, so components and memos that depend on it render again.
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation needs a <TranslatorProvider> above it');
  const t = useSyncExternalStore(translator.subscribe, () => translator.t);
  return { t, i18n: translator };
}
