import { valueLabelsIn } from '../../contract/report-values';
import type { KitMessages } from './en';

export const frKit: KitMessages = {
  reports: {
    period: 'Période',
    presets: {
      today: "Aujourd'hui",
      last7: '7 derniers jours',
      last30: '30 derniers jours',
      month: 'Ce mois-ci',
      custom: 'Personnalisée',
    },
    from: 'Du',
    to: 'Au',
    filters: 'Filtres',
    print: 'Imprimer',
    printPeriod: 'Période : du {{from}} au {{to}}',
    printFilter: '{{filter}} : {{value}}',
    loading: 'Chargement…',
    retry: 'Réessayer',
    total: 'Total',
    notDefined: "Ce rapport n'est pas défini.",
    pager: {
      label: 'Pages',
      previous: 'Précédent',
      next: 'Suivant',
      page: 'Page {{page}} sur {{pages}}',
      pageSize: 'Lignes par page',
      showing: '{{first}}–{{last}} sur {{total}}',
    },
    values: valueLabelsIn('fr'),
  },
  table: {
    details: 'Détails',
    showDetails: 'Afficher les autres colonnes de cette ligne',
    inDetails: 'Pour tenir à l’écran, ces colonnes sont dans le détail de chaque ligne :',
  },
  transfers: {
    networkError: 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
    optional: 'facultatif',
  },
  kyc: {
    outcome: {
      approve: 'Approuvé',
      reject: 'Rejeté',
      more_documents: 'Documents demandés',
    },
    upload: {
      previewOf: 'Aperçu de {{name}}',
    },
  },
  dayField: {
    placeholder: 'jj-mm-aaaa',
    format: 'Écrivez la date sous la forme jj-mm-aaaa, par exemple 27-11-2026.',
    notADay: 'Le {{day}} n’existe pas dans le calendrier.',
  },
  registration: {
    choose: 'Choisir…',
    validation: {
      required: 'Ce champ est obligatoire.',
      choose: 'Choisissez une des options.',
      phone: 'Saisissez un numéro mobile sénégalais : +221 7X XXX XX XX.',
      nationalId: 'Un numéro de carte d’identité compte 13 chiffres et commence par 1 ou 2.',
      ninea: 'Un NINEA compte 7 à 9 chiffres, suivis éventuellement de son code COFI, par exemple 2G3.',
      underAge: 'Le titulaire doit avoir au moins 18 ans.',
      studentAge: 'Un étudiant a entre {{min}} et {{max}} ans.',
      nameLetters: 'Lettres, espaces, traits d’union et apostrophes uniquement.',
      controlCharacters: 'Ce champ contient des caractères qui ne peuvent pas être conservés.',
      email: 'Adresse e-mail non valide.',
      dateFormat: 'Utilisez le format AAAA-MM-JJ.',
      realDate: 'Cette date n’existe pas.',
      agentNumber: 'Saisissez un numéro de compte agent, par exemple AGT-00012.',
      bank: 'Choisissez une banque.',
      studentPhoneSame: 'Le numéro de l’étudiant doit être différent de celui du tuteur.',
      minLength: 'Au moins {{count}} caractères.',
      maxLength: 'Au plus {{count}} caractères.',
      duplicatePhone: 'Un compte utilise déjà ce numéro de téléphone.',
      duplicateNationalId: 'Un compte est déjà inscrit avec ce numéro de carte d’identité.',
      file: {
        type: 'Seules les images JPEG et PNG et les fichiers PDF sont acceptés.',
        size: 'Le fichier dépasse {{max}} Mo.',
        empty: 'Le fichier est vide.',
      },
    },
  },
  students: {
    fields: {
      firstName: 'Prénom',
      lastName: 'Nom',
      birthDate: 'Date de naissance',
      school: 'Établissement',
      level: 'Niveau',
      guardianPhone: 'Téléphone du tuteur',
      phone: 'Téléphone de l’étudiant',
      region: 'Région',
    },
  },
};
