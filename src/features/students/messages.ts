import type { PageMessages } from '../../i18n/page-messages';

/**
 * /onboard-student and /my-students strings, English and French side by side; they ship in the
 * pages' lazy chunks (usePageMessages). The student fields, which the KYC review shows too, are
 * in the kit's part.
 */
export const STUDENT_MESSAGES_KEY = 'students';

const en = {
  onboard: {
    title: 'The student',
    intro:
      'The wallet opens with its KYC pending. Without a phone of their own, the student is reached through the guardian.',
    phoneHint: '+221 7X XXX XX XX',
    submit: 'Onboard the student',
    submitting: 'Onboarding…',
    done: 'Student onboarded',
    pending: 'The wallet stays inactive until a reviewer approves its KYC.',
    seeList: 'My students',
    another: 'Onboard another',
  },
  list: {
    caption: 'Your students',
    loading: 'Loading your students…',
    empty: 'You have not onboarded any student yet.',
    noMatch: 'No student matches this search.',
    search: 'Search',
    searchForm: 'Search your students',
    searchHint: 'Name, school, wallet or phone',
    searchButton: 'Search',
    name: 'Name',
    wallet: 'Wallet',
    kyc: 'KYC',
    status: 'Account',
    onboarded: 'Onboarded',
  },
};

export type StudentMessages = typeof en;

const fr: StudentMessages = {
  onboard: {
    title: 'L’étudiant',
    intro:
      'Le portefeuille est ouvert avec un KYC en attente. Sans téléphone personnel, l’étudiant est joint par son tuteur.',
    phoneHint: '+221 7X XXX XX XX',
    submit: 'Inscrire l’étudiant',
    submitting: 'Inscription…',
    done: 'Étudiant inscrit',
    pending: 'Le portefeuille reste inactif jusqu’à l’approbation de son KYC.',
    seeList: 'Mes étudiants',
    another: 'Inscrire un autre étudiant',
  },
  list: {
    caption: 'Vos étudiants',
    loading: 'Chargement de vos étudiants…',
    empty: 'Vous n’avez encore inscrit aucun étudiant.',
    noMatch: 'Aucun étudiant ne correspond à cette recherche.',
    search: 'Recherche',
    searchForm: 'Rechercher parmi vos étudiants',
    searchHint: 'Nom, établissement, portefeuille ou téléphone',
    searchButton: 'Rechercher',
    name: 'Nom',
    wallet: 'Portefeuille',
    kyc: 'KYC',
    status: 'Compte',
    onboarded: 'Inscrit le',
  },
};

export const STUDENT_MESSAGES: PageMessages<StudentMessages> = { en, fr };
