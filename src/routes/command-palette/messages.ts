import type { PageMessages } from '../../i18n/page-messages';

/** The command palette's strings, in its own chunk with it. */
export const COMMAND_PALETTE_MESSAGES_KEY = 'commandPalette';

const en = {
  title: 'Search pages, people and transactions',
  description:
    'Type a page’s name in English or French, a name, a phone or a reference. Arrows choose, Enter opens, Escape closes.',
  input: 'Search',
  placeholder: 'Page, name, phone or reference',
  results: 'Results',
  pages: 'Pages',
  recent: 'Recent pages',
  people: 'People & transactions',
  searching: 'Searching…',
  failed: 'The search did not answer. Try again.',
  none: 'Nothing you can open matches.',
  typeMore: 'Type a page’s name, or two characters to search people and transactions.',
  typeMorePages: 'Type a page’s name.',
};

const fr: typeof en = {
  title: 'Rechercher des pages, des personnes et des transactions',
  description:
    'Tapez le nom d’une page en français ou en anglais, un nom, un téléphone ou une référence. Les flèches choisissent, Entrée ouvre, Échap ferme.',
  input: 'Rechercher',
  placeholder: 'Page, nom, téléphone ou référence',
  results: 'Résultats',
  pages: 'Pages',
  recent: 'Pages récentes',
  people: 'Personnes et transactions',
  searching: 'Recherche…',
  failed: 'La recherche n’a pas répondu. Réessayez.',
  none: 'Rien de ce que vous pouvez ouvrir ne correspond.',
  typeMore: 'Tapez le nom d’une page, ou deux caractères pour chercher des personnes et des transactions.',
  typeMorePages: 'Tapez le nom d’une page.',
};

export const commandPaletteMessages: PageMessages<typeof en> = { en, fr };
