import type { PageMessages } from '../../i18n/page-messages';

const en = {
  nothingMatches: 'Nothing matches “{{searched}}”.',
  tryAnotherWay: 'Try fewer letters, or the phone or account number.',
};

export const noMatchMessages: PageMessages<typeof en> = {
  en,
  fr: {
    nothingMatches: 'Rien ne correspond à « {{searched}} ».',
    tryAnotherWay: 'Essayez avec moins de lettres, ou le numéro de téléphone ou de compte.',
  },
};
