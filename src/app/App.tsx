import { RouterProvider } from '@tanstack/react-router';
import { TranslatorProvider } from '../i18n/react';
import type { AppRouter } from '../routes/router';
import type { AppServices } from './services';
import { ServicesProvider } from './ServicesContext';

export function App({ services, router }: { services: AppServices; router: AppRouter }) {
  return (
    <TranslatorProvider translator={services.i18n}>
      <ServicesProvider value={services}>
        <RouterProvider router={router} />
      </ServicesProvider>
    </TranslatorProvider>
  );
}
