import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { waitFor } from 'xstate';
import { App } from './app/App';
import { assembleApp } from './app/assemble';
import { readScheme, showScheme } from './ui/scheme';
import './ui/styles.css';

// The stored light or dark choice, before anything renders; with none, theme.css follows the system.
showScheme(readScheme(window.localStorage));

const { services, router } = assembleApp();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App services={services} router={router} />
  </StrictMode>,
);
// The worker and its precache wait for a signed-in session, so /login stays light (docs/performance.md);
// so does the code that registers it.
waitFor(services.session, (snapshot) => snapshot.hasTag('signedIn'))
  .then(() => import('./app/service-worker'))
  .then(
    ({ registerServiceWorker }) =>
      registerServiceWorker((reload) =>
        services.notifications.offer(services.i18n.t('shell.updateReady'), {
          label: services.i18n.t('shell.reload'),
          run: reload,
        }),
      ),
    () => undefined,
  );
