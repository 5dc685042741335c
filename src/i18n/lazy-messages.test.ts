import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fr } from './fr';
import { createI18n } from './index';
import { changeLanguage, ensureMessages } from './lazy-messages';
import { addPageMessages } from './page-messages';

describe('lazy messages', () => {
  it('starts with the strings of /login only, and adds the frame and the kit when asked', async () => {
    const i18n = createI18n(null);
    expect(i18n.t('login.title')).toBe(en.login.title);
    expect(i18n.lookup('en', 'home.title')).toBeUndefined();
    await ensureMessages(i18n, 'shell');
    expect(i18n.t('home.title')).toBe(en.home.title);
    expect(i18n.lookup('en', 'reports.period')).toBeUndefined();
    await ensureMessages(i18n, 'kit');
    expect(i18n.t('reports.period')).toBe(en.reports.period);
    expect(i18n.lookup('en', 'reports.pager')).toEqual(en.reports.pager);
  });

  it('leaves the next instance as it found it', async () => {
    await ensureMessages(createI18n(null), 'kit');
    expect(createI18n(null).lookup('en', 'reports.period')).toBeUndefined();
  });

  it('loads only the language in use', async () => {
    const i18n = createI18n({ getItem: () => 'fr', setItem: () => {} });
    await ensureMessages(i18n, 'shell');
    expect(i18n.t('home.title')).toBe(fr.home.title);
    expect(i18n.lookup('en', 'home')).toBeUndefined();
  });

  it('switches language only once the parts already in use are there in the new one', async () => {
    const i18n = createI18n(null);
    await ensureMessages(i18n, 'shell');
    await ensureMessages(i18n, 'kit');
    await changeLanguage(i18n, 'fr');
    expect(i18n.language).toBe('fr');
    expect(i18n.t('home.title')).toBe(fr.home.title);
    expect(i18n.t('reports.period')).toBe(fr.reports.period);
    expect(i18n.lookup('fr', 'reports.pager')).toEqual(fr.reports.pager);
  });

  it('switching at /login fetches nothing the user has not needed yet', async () => {
    const i18n = createI18n(null);
    await changeLanguage(i18n, 'fr');
    expect(i18n.t('login.title')).toBe(fr.login.title);
    expect(i18n.lookup('fr', 'home')).toBeUndefined();
  });
});

describe('page messages', () => {
  it('adds a page’s strings in both languages once, under a key without dots', () => {
    const i18n = createI18n(null);
    addPageMessages(i18n, 'samplePage', { en: { title: 'Sample' }, fr: { title: 'Exemple' } });
    addPageMessages(i18n, 'samplePage', { en: { title: 'Changed' }, fr: { title: 'Changé' } });
    expect(i18n.t('samplePage.title')).toBe('Sample');
    expect(i18n.fixedT('fr')('samplePage.title')).toBe('Exemple');
    expect(() => addPageMessages(i18n, 'sample.page', { en: {}, fr: {} })).toThrow(/without dots/);
  });

  it('adds a page’s strings under a section the kit already fills, keeping the kit’s', async () => {
    const i18n = createI18n(null);
    await ensureMessages(i18n, 'kit');
    const page = { en: { columns: 'Columns', period: 'Changed' }, fr: { columns: 'Colonnes', period: 'Changé' } };
    addPageMessages(i18n, 'reports', page);
    expect(i18n.t('reports.columns')).toBe('Columns');
    expect(i18n.t('reports.period')).toBe(en.reports.period);
    expect(i18n.fixedT('fr')('reports.columns')).toBe('Colonnes');
  });
});
