import type { SearchResult } from '../../../contract/details';
import type { Language } from '../../i18n/languages';
import { formatXof } from '../../i18n/format';
import { accountPath, transactionPath } from '../../ui/detail-links';
import { findPages, type MenuPage } from '../shell/menu-search';

/** How many pages a text may list: past that the user types one more letter. */
const PAGE_LIMIT = 8;

interface PaletteOption {
  path: string;
  label: string;
  /** The section of a page, an account's number and phone, a transaction's amount and parties. */
  detail: string;
}

export interface PaletteGroup {
  key: 'recent' | 'pages' | 'people';
  options: PaletteOption[];
}

const pageOption = (page: MenuPage, lang: Language): PaletteOption => ({
  path: page.to,
  label: page.title[lang],
  detail: page.section[lang],
});

/**
 * What the palette lists for a text: with nothing typed, the recent pages still in the user's
 * menu; then the menu's pages that match, and the people and transactions the search found
 * that the user may open. Only the menu it is given is ever offered.
 */
export function paletteGroups({
  text,
  pages,
  recent,
  people,
  canOpen,
  lang,
}: {
  text: string;
  pages: readonly MenuPage[];
  recent: readonly string[];
  people: SearchResult | null;
  canOpen: (path: string) => boolean;
  lang: Language;
}): PaletteGroup[] {
  if (!text.trim()) {
    const byPath = new Map(pages.map((page) => [page.to, page]));
    const options = recent.flatMap((path) => {
      const page = byPath.get(path);
      return page ? [pageOption(page, lang)] : [];
    });
    return [{ key: 'recent' as const, options }].filter((group) => group.options.length > 0);
  }
  const found: PaletteOption[] = [
    ...(people?.accounts ?? []).map((account) => ({
      path: accountPath(account.number),
      label: account.holder,
      detail: [account.number, account.phone].filter(Boolean).join(' · '),
    })),
    ...(people?.transactions ?? []).map((tx) => ({
      path: transactionPath(tx.reference),
      label: tx.reference,
      detail: [formatXof(tx.amount, lang), [tx.from, tx.to].filter(Boolean).join(' → ')].filter(Boolean).join(' · '),
    })),
  ];
  const groups: PaletteGroup[] = [
    {
      key: 'pages',
      options: findPages(pages, text)
        .slice(0, PAGE_LIMIT)
        .map((page) => pageOption(page, lang)),
    },
    { key: 'people', options: found.filter((option) => canOpen(option.path)) },
  ];
  return groups.filter((group) => group.options.length > 0);
}
