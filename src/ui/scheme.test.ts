import { afterEach, describe, expect, it } from 'vitest';
import { chooseScheme, readScheme, SCHEME_KEY, showScheme } from './scheme';

const root = document.documentElement;
afterEach(() => root.removeAttribute('data-scheme'));

describe('scheme', () => {
  it('follows the system until a scheme is chosen; an unknown stored value counts as no choice', () => {
    expect(readScheme(window.localStorage)).toBe('system');
    window.localStorage.setItem(SCHEME_KEY, 'sepia');
    expect(readScheme(window.localStorage)).toBe('system');
    expect(readScheme(null)).toBe('system');
  });

  it('a choice is kept under `scheme` and marks <html>, which the tokens read', () => {
    chooseScheme(window.localStorage, 'dark');
    expect(window.localStorage.getItem('scheme')).toBe('dark');
    expect(root.dataset.scheme).toBe('dark');
    expect(readScheme(window.localStorage)).toBe('dark');
  });

  it('going back to the system forgets the choice and lets prefers-color-scheme apply', () => {
    chooseScheme(window.localStorage, 'light');
    chooseScheme(window.localStorage, 'system');
    expect(window.localStorage.getItem('scheme')).toBeNull();
    expect(root.hasAttribute('data-scheme')).toBe(false);
  });

  it('shows a stored choice on a page that loads again', () => {
    window.localStorage.setItem(SCHEME_KEY, 'dark');
    showScheme(readScheme(window.localStorage));
    expect(root.dataset.scheme).toBe('dark');
  });
});
