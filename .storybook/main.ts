import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

/**
 * The catalogue of the kit (decision 041). Its own Vite config: the app's adds the service
 * worker, chunk hints and precompression, none of which a catalogue wants.
 */
const config: StorybookConfig = {
  framework: {
    name: '@storybook/react-vite',
    options: { builder: { viteConfigPath: fileURLToPath(new URL('./vite.config.ts', import.meta.url)) } },
  },
  stories: ['../src/**/*.stories.tsx'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};
export default config;
