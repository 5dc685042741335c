/** The strings /login and the app frame need; the pages' strings (app-en.ts) load with the signed-in shell. */
export const enCore = {
  app: { name: 'Wallet Back-office', tagline: 'Mobile money and e-money operations' },
  login: {
    title: 'Sign in',
    subtitle: 'Use your back-office account.',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    usernameRequired: 'Enter your username.',
    passwordRequired: 'Enter your password.',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
  },
  shell: {
    language: 'Language',
    updateReady: 'A new version of the dashboard is ready.',
    reload: 'Reload',
  },
  common: {
    dismiss: 'Dismiss',
    loading: 'Loading…',
    loadFailed: 'This page could not be loaded.',
    retry: 'Try again',
  },
} as const;
