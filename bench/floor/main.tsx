/**
 * The floor of the dashboard's bytes (bench/measurements/bundle-floor.ts): the smallest page made
 * of the chosen stack alone, React 19 with React DOM, TanStack Router and XState with
 * @xstate/react, built with the dashboard's own Vite config. What /login loads beyond this is our
 * code and our other libraries.
 */
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { assign, createActor, setup } from 'xstate';

const counter = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'count.add' } },
  actions: { add: assign({ count: ({ context }) => context.count + 1 }) },
}).createMachine({ context: { count: 0 }, on: { 'count.add': { actions: 'add' } } });
const actor = createActor(counter).start();

function Home() {
  const count = useSelector(actor, (snapshot) => snapshot.context.count);
  return (
    <button type="button" onClick={() => actor.send({ type: 'count.add' })}>
      {count}
    </button>
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const router = createRouter({
  routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home })]),
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
