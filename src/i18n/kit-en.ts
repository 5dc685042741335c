import { valueLabelsIn } from '../../contract/report-values';

/**
 * The strings of the shared kit that the pages behind the menu render (date range, pager,
 * value labels, failure alerts, field messages, labels several features show): a lazy part
 * loaded with the first such page (lazy-messages.ts). A feature's own strings ship with it.
 */
export const enKit = {
  reports: {
    period: 'Period',
    presets: {
      today: 'Today',
      last7: 'Last 7 days',
      last30: 'Last 30 days',
      month: 'This month',
      custom: 'Custom',
    },
    from: 'From',
    to: 'To',
    filters: 'Filters',
    print: 'Print',
    printPeriod: 'Period: {{from}} to {{to}}',
    printFilter: '{{filter}}: {{value}}',
    loading: 'Loading…',
    retry: 'Retry',
    total: 'Total',
    notDefined: 'This report is not defined.',
    pager: {
      label: 'Pages',
      previous: 'Previous',
      next: 'Next',
      page: 'Page {{page}} of {{pages}}',
      pageSize: 'Rows per page',
      showing: '{{first}}–{{last}} of {{total}}',
    },
    values: valueLabelsIn('en'),
  },
  table: {
    details: 'Details',
    showDetails: 'Show the other columns of this row',
    inDetails: 'To fit the screen, these columns are in each row’s details:',
  },
  transfers: {
    networkError: 'The server could not be reached. Check your connection and try again.',
    optional: 'optional',
  },
  kyc: {
    outcome: {
      approve: 'Approved',
      reject: 'Rejected',
      more_documents: 'More documents requested',
    },
    upload: {
      previewOf: 'Preview of {{name}}',
    },
  },
  presence: {
    one: '{{name}} has this open',
    many: '{{names}} have this open',
  },
  dayField: {
    placeholder: 'dd-mm-yyyy',
    format: 'Write the day as dd-mm-yyyy, for example 27-11-2026.',
    notADay: '{{day}} is not a day of the calendar.',
    openCalendar: 'Choose {{field}} on a calendar',
    calendar: 'Calendar',
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
  },
  registration: {
    choose: 'Choose…',
    validation: {
      required: 'This field is required.',
      choose: 'Choose one of the options.',
      phone: 'Enter a Senegalese mobile number: +221 7X XXX XX XX.',
      nationalId: 'A national ID number has 13 digits and starts with 1 or 2.',
      ninea: 'A NINEA has 7 to 9 digits, optionally followed by its COFI code such as 2G3.',
      underAge: 'The holder must be at least 18 years old.',
      studentAge: 'A student is {{min}} to {{max}} years old.',
      nameLetters: 'Letters, spaces, hyphens and apostrophes only.',
      controlCharacters: 'This field contains characters that cannot be kept.',
      email: 'Not an email address.',
      dateFormat: 'Use the format YYYY-MM-DD.',
      realDate: 'Not a real date.',
      agentNumber: 'Enter an agent account number such as AGT-00012.',
      bank: 'Choose a bank.',
      studentPhoneSame: 'The student’s number must differ from the guardian’s.',
      minLength: 'At least {{count}} characters.',
      maxLength: 'At most {{count}} characters.',
      duplicatePhone: 'An account already uses this phone number.',
      duplicateNationalId: 'An account is already registered with this national ID number.',
      file: {
        type: 'Only JPEG and PNG images and PDF files are accepted.',
        size: 'The file is larger than {{max}} MB.',
        empty: 'The file is empty.',
      },
    },
  },
  students: {
    fields: {
      firstName: 'First name',
      lastName: 'Last name',
      birthDate: 'Date of birth',
      school: 'School',
      level: 'Level',
      guardianPhone: 'Guardian’s phone',
      phone: 'Student’s own phone',
      region: 'Region',
    },
  },
} as const;
