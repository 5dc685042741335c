import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from './translator';

const en = {
  greeting: 'Hello, {{name}}',
  rows_one: '{{count}} row',
  rows_other: '{{count}} rows',
  nested: { deep: { key: 'Deep' } },
  onlyEnglish: 'Only in English',
};
const fr = {
  greeting: 'Bonjour, {{name}}',
  rows_one: '{{count}} ligne',
  rows_other: '{{count}} lignes',
  nested: { deep: { key: 'Profond' } },
};

describe('translator', () => {
  it('reads nested keys and fills in {{values}}', () => {
    const i18n = createTranslator('en', { en, fr });
    expect(i18n.t('nested.deep.key')).toBe('Deep');
    expect(i18n.t('greeting', { name: 'Awa' })).toBe('Hello, Awa');
    expect(i18n.t('greeting')).toBe('Hello, ');
  });

  it('chooses the plural form by the language’s rules', () => {
    const i18n = createTranslator('en', { en, fr });
    expect(i18n.t('rows', { count: 1 })).toBe('1 row');
    expect(i18n.t('rows', { count: 0 })).toBe('0 rows');
    i18n.changeLanguage('fr');
    // French counts 0 and 1 as singular.
    expect(i18n.t('rows', { count: 0 })).toBe('0 ligne');
    expect(i18n.t('rows', { count: 2 })).toBe('2 lignes');
  });

  it('falls back to English, then to the default value, then to the key', () => {
    const i18n = createTranslator('fr', { en, fr });
    expect(i18n.t('onlyEnglish')).toBe('Only in English');
    expect(i18n.t('missing.key', { defaultValue: 'Default {{n}}', n: 3 })).toBe('Default 3');
    expect(i18n.t('missing.key', 'Plain default')).toBe('Plain default');
    expect(i18n.t('missing.key')).toBe('missing.key');
    expect(i18n.t('nested.deep')).toBe('nested.deep');
  });

  it('tells subscribers about a change of language, once, and gives a new t', () => {
    const i18n = createTranslator('en', { en, fr });
    const listener = vi.fn();
    const stop = i18n.subscribe(listener);
    const before = i18n.t;
    i18n.changeLanguage('fr');
    i18n.changeLanguage('fr');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(i18n.t).not.toBe(before);
    expect(i18n.t('greeting', { name: 'Awa' })).toBe('Bonjour, Awa');
    expect(i18n.fixedT('en')('greeting', { name: 'Awa' })).toBe('Hello, Awa');
    stop();
    i18n.changeLanguage('en');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('merges added strings without replacing those present, and without touching its sources', () => {
    const i18n = createTranslator('en', { en });
    i18n.addMessages('en', { nested: { deep: { key: 'Replaced', other: 'Other' } }, page: { title: 'Page' } });
    expect(i18n.t('nested.deep.key')).toBe('Deep');
    expect(i18n.t('nested.deep.other')).toBe('Other');
    expect(i18n.t('page.title')).toBe('Page');
    expect(en.nested.deep).toEqual({ key: 'Deep' });
    expect(i18n.lookup('en', 'page')).toEqual({ title: 'Page' });
    expect(i18n.lookup('fr', 'page')).toBeUndefined();
  });
});
