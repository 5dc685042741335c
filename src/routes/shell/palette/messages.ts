import type { PageMessages } from '../../../i18n/page-messages';

/** The strings of the header's palette button and the side menu's filter; the palette's own come with it. */
export const PALETTE_MESSAGES_KEY = 'palette';

const en = {
  open: 'Search pages',
  menuFilter: 'Filter the menu',
  menuNone: 'No link of your menu matches “{{text}}”.',
};

const fr: typeof en = {
  open: 'Rechercher une page',
  menuFilter: 'Filtrer le menu',
  menuNone: 'Aucun lien de votre menu ne correspond à « {{text}} ».',
};

export const paletteMessages: PageMessages<typeof en> = { en, fr };
