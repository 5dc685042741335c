import type { PageMessages } from '../i18n/page-messages';

const en = {
  restored: 'Your unfinished form was restored (saved {{when}}).',
  discard: 'Discard draft',
};

export const draftNoticeMessages: PageMessages<typeof en> = {
  en,
  fr: {
    restored: 'Votre formulaire inachevé a été restauré (enregistré le {{when}}).',
    discard: 'Abandonner le brouillon',
  },
};
