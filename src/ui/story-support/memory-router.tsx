/**
 * A story whose component links with TanStack Router's <Link> renders inside a router of its
 * own: a memory history (nothing reads or writes the address bar) and one root route that shows
 * the story. Links render their real href; following one leaves the story. Used only by stories.
 */
import type { Decorator } from '@storybook/react-vite';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { type ComponentType, useRef, useState } from 'react';

export const withMemoryRouter: Decorator = (Story) => {
  // The router is made once per story; the story it shows is the one of the latest render.
  const shown = useRef<ComponentType>(Story);
  shown.current = Story;
  const [router] = useState(() =>
    createRouter({
      routeTree: createRootRoute({
        component: () => {
          const Shown = shown.current;
          return <Shown />;
        },
      }),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    }),
  );
  return <RouterProvider router={router} />;
};
