import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect, useMemo } from 'react';
import { en } from '../src/i18n/en';
import { fr } from '../src/i18n/fr';
import { isLanguage } from '../src/i18n/languages';
import { TranslatorProvider } from '../src/i18n/react';
import { createTranslator } from '../src/i18n/translator';
import { showScheme } from '../src/ui/scheme';
import './catalogue.css';

/**
 * The toolbar's scheme and language reach the story the way the app sets them: on <html>.
 * A story of the whole frame (the shell) sets `parameters.edgeToEdge` to lose the margin.
 */
const withSchemeAndLanguage: Decorator = (Story, context) => {
  const scheme = context.globals.scheme === 'dark' ? 'dark' : 'light';
  const language = isLanguage(context.globals.language) ? context.globals.language : 'en';
  const translator = useMemo(() => createTranslator(language, { en, fr }), [language]);
  useEffect(() => {
    showScheme(scheme);
    document.documentElement.lang = language;
  }, [scheme, language]);
  return (
    <TranslatorProvider translator={translator}>
      <div className={`min-h-screen bg-surface font-sans text-ink ${context.parameters.edgeToEdge ? '' : 'p-4'}`}>
        <Story />
      </div>
    </TranslatorProvider>
  );
};

const width = (name: string, px: number) => ({ name, styles: { width: `${px}px`, height: '800px' } });

const preview: Preview = {
  decorators: [withSchemeAndLanguage],
  globalTypes: {
    scheme: {
      description: 'Colour scheme',
      toolbar: { title: 'Scheme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
    language: {
      description: 'Language',
      toolbar: { title: 'Language', icon: 'globe', items: ['en', 'fr'], dynamicTitle: true },
    },
  },
  initialGlobals: { scheme: 'light', language: 'en' },
  parameters: {
    layout: 'fullscreen',
    viewport: {
      options: {
        phone: width('Phone 360', 360),
        tablet: width('Tablet 768', 768),
        narrow: width('Narrow 900', 900),
        laptop: width('Laptop 1280', 1280),
        desktop: width('Desktop 1366', 1366),
      },
    },
  },
};
export default preview;
