/**
 * Finding a page of the user's own menu by its name, in English or French, whatever the accents
 * or the case typed: the command palette and the side menu's filter read the menu the same way.
 */
import type { LocalizedText, MenuItem, MenuSection } from '../../../contract/navigation/types';

/** One link of the menu with the section it sits in, for a result line that says where it is. */
export interface MenuPage {
  to: string;
  title: LocalizedText;
  section: LocalizedText;
}

/** "Frais" and "frais", "Règlement" and "reglement", ’ and ' read the same. */
function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[’‘`]/g, "'")
    .toLowerCase()
    .trim();
}

/**
 * How well a name answers the text: 0 when the name starts with it, 1 when one of its words
 * does, 2 when it is inside a word, null when not at all. The best of both languages counts, so
 * a French user typing "fees" finds "Frais et plafonds" too.
 */
function matchRank(title: LocalizedText, text: string): number | null {
  const wanted = foldText(text);
  if (!wanted) return null;
  const ranks = [title.en, title.fr].map((name): number | null => {
    const folded = foldText(name);
    if (folded.startsWith(wanted)) return 0;
    if (folded.split(/[\s'’(/-]+/).some((word) => word.startsWith(wanted))) return 1;
    return folded.includes(wanted) ? 2 : null;
  });
  const found = ranks.filter((rank): rank is number => rank !== null);
  return found.length > 0 ? Math.min(...found) : null;
}

/** Every link of the menu, sub-items included, once each, in menu order. */
export function menuPages(sections: readonly MenuSection[]): MenuPage[] {
  const seen = new Set<string>();
  const walk = (items: readonly MenuItem[], section: LocalizedText): MenuPage[] =>
    items.flatMap((item) => {
      const own = seen.has(item.to) ? [] : [{ to: item.to, title: item.title, section }];
      seen.add(item.to);
      return [...own, ...walk(item.children ?? [], section)];
    });
  return sections.flatMap((section) => walk(section.items, section.title));
}

/** The pages whose name answers the text, best first, menu order among equals. */
export function findPages(pages: readonly MenuPage[], text: string): MenuPage[] {
  return pages
    .map((page, order) => ({ page, order, rank: matchRank(page.title, text) }))
    .filter((found): found is { page: MenuPage; order: number; rank: number } => found.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map((found) => found.page);
}

/** The menu narrowed to the links whose name answers the text (a parent stays for a matching child). */
export function filterMenu(sections: readonly MenuSection[], text: string): MenuSection[] {
  const keep = (items: readonly MenuItem[]): MenuItem[] =>
    items.flatMap((item) => {
      const children = keep(item.children ?? []);
      if (matchRank(item.title, text) === null && children.length === 0) return [];
      return [{ ...item, children }];
    });
  return sections.map((section) => ({ ...section, items: keep(section.items) })).filter((s) => s.items.length > 0);
}
