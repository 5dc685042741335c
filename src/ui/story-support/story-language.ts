import { isLanguage, type Language } from '../../i18n';
import { useTranslation } from '../../i18n/react';

/** The language the catalogue's toolbar chose, for components that take it as a prop. Used only by stories. */
export function useStoryLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}
