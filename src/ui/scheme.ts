/**
 * Light or dark (decision 040). The choice lives in localStorage under `scheme`, beside
 * `language`: a preference of the browser, kept across logouts. With no choice stored, the page
 * follows the system (theme.css reads prefers-color-scheme when <html> has no data-scheme).
 */
export const SCHEME_KEY = 'scheme';

type Scheme = 'light' | 'dark';
export type SchemeChoice = Scheme | 'system';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readScheme(store: Pick<Storage, 'getItem'> | null): SchemeChoice {
  const saved = store?.getItem(SCHEME_KEY);
  return saved === 'light' || saved === 'dark' ? saved : 'system';
}

/** Sets <html data-scheme>, or removes it so the system's preference applies. */
export function showScheme(choice: SchemeChoice, root: HTMLElement = document.documentElement) {
  if (choice === 'system') root.removeAttribute('data-scheme');
  else root.dataset.scheme = choice;
}

export function chooseScheme(store: Store | null, choice: SchemeChoice, root?: HTMLElement) {
  if (choice === 'system') store?.removeItem(SCHEME_KEY);
  else store?.setItem(SCHEME_KEY, choice);
  showScheme(choice, root);
}
