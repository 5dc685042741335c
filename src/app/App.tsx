import { RouterProvider } from '@tanstack/react-router';
import { I18nextProvider } from 'react-i18next';
import type { AppRouter } from '../routes/router';
import type { AppServices } from './services';
import { ServicesProvider } from './ServicesContext';

export function App({ services, router }: { services: AppServices; router: AppRouter }) {
  return (
    <I18nextProvider i18n={services.i18n}>
      <ServicesProvider value={services}>
        <RouterProvider router={router} />
      </ServicesProvider>
    </I18nextProvider>
  );
}
