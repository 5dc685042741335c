import { usePageMessages } from '../../i18n/page-messages';
import { noMatchMessages } from './no-match-messages';

/**
 * The words of an empty search result: what was searched, and another way to find it. A name
 * may be spelt differently than on file, while a phone or account number is exact.
 */
export function useNoMatch() {
  const { t } = usePageMessages('noMatch', noMatchMessages);
  const tryAnotherWay = t('noMatch.tryAnotherWay');
  return {
    /** "Nothing matches “x”. Try fewer letters, …" */
    nothingMatches: (searched: string) => `${t('noMatch.nothingMatches', { searched })} ${tryAnotherWay}`,
    /** The second sentence alone, after a page's own "no … matches “x”". */
    tryAnotherWay,
  };
}
