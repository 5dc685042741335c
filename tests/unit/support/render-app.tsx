import { createMemoryHistory } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { App } from '../../../src/app/App';
import { assembleApp } from '../../../src/app/assemble';
import type { SignedInServices } from '../../../src/app/signed-in-services';
import type { Timers } from '../../../src/ui/notifications/center';
import type { IdleClock } from '../../../src/session/idle-machine';
import { createSessionStorage } from '../../../src/session/storage';
import './jsdom-gaps';
// The app fetches the toasts with the first notification. Loaded here up front, so a module
// transform under a busy test run never eats into a test's wait for a notification.
import '../../../src/ui/Toasts';
import { createFakeApi, type FakeApi } from './fake-api';
import { createMemoryStore, type MemoryStore, readStored, storedSessionKeys } from './memory-store';
import { createFakeViewport, type FakeViewport } from './viewport';

export * from './fake-api';
export * from './memory-store';
export * from './viewport';

/**
 * Renders the real app (assembleApp + <App/>) in jsdom with every effect provided:
 * an in-memory store, a fake API behind `fetch`, a controllable viewport for matchMedia,
 * the fake API's cookie jar for readCookie, and a memory history at `url`.
 */
export interface RenderAppOptions {
  /** Where the "browser" opens (default `/`). */
  url?: string;
  store?: MemoryStore;
  api?: FakeApi;
  viewport?: FakeViewport;
  /** Window width when no viewport is given (default 1280). */
  width?: number;
  /** Stores this demo user with a live session before start-up, as after an earlier login. */
  signedInAs?: string;
  timers?: Timers;
  /** The idle countdown's clock (default: real time). */
  idleClock?: IdleClock;
  /** Passed to userEvent.setup (e.g. `{ advanceTimers: vi.advanceTimersByTime }` with fake timers). */
  userEventOptions?: Parameters<typeof userEvent.setup>[0];
}

export interface RenderedApp {
  services: ReturnType<typeof assembleApp>['services'];
  router: ReturnType<typeof assembleApp>['router'];
  store: MemoryStore;
  api: FakeApi;
  viewport: FakeViewport;
  user: UserEvent;
  container: HTMLElement;
  /** Every href the history has shown since start-up, oldest first. */
  visited: string[];
  /** The services only a signed-in user needs, once the shell has loaded them (throws before). */
  signedIn(): SignedInServices;
  /** The current location: pathname, search as written (`?redirect=…`) and href. */
  location(): { pathname: string; search: string; href: string };
  /** The session keys of STORAGE_KEYS present in the store. */
  sessionKeys(): string[];
  /** A stored JSON value, parsed. */
  stored<T = unknown>(key: string): T | undefined;
  /** Changes the window width (matchMedia listeners fire) inside act(). */
  resize(width: number): void;
  /** Simulates a browser reload (or typing `url` in the address bar): a new app over the same store and API. */
  reload(url?: string): RenderedApp;
  unmount(): void;
}

export function renderApp(options: RenderAppOptions = {}): RenderedApp {
  const store = options.store ?? createMemoryStore();
  const api = options.api ?? createFakeApi();
  const viewport = options.viewport ?? createFakeViewport(options.width ?? 1280);
  if (options.signedInAs) createSessionStorage(store).writeUser(api.signIn(options.signedInAs));

  const history = createMemoryHistory({ initialEntries: [options.url ?? '/'] });
  const visited = [history.location.href];
  const stopWatching = history.subscribe(({ location }) => void visited.push(location.href));
  const { services, router } = assembleApp({
    store,
    fetch: api.fetch,
    readCookie: api.readCookie,
    matchMedia: viewport.matchMedia,
    timers: options.timers,
    idleClock: options.idleClock,
    history,
    // Pages load when a test opens them, never in the background.
    prefetchPages: () => undefined,
  });
  const result = render(<App services={services} router={router} />);

  const app: RenderedApp = {
    services,
    router,
    store,
    api,
    viewport,
    user: userEvent.setup(options.userEventOptions),
    container: result.container,
    visited,
    signedIn: () => {
      const loaded = services.signedIn.current();
      if (!loaded) throw new Error('The signed-in services are not loaded yet');
      return loaded;
    },
    location: () => {
      const { pathname, searchStr, href } = router.state.location;
      return { pathname, search: searchStr, href };
    },
    sessionKeys: () => storedSessionKeys(store),
    stored: (key) => readStored(store, key),
    resize: (width) => act(() => viewport.setWidth(width)),
    reload(url) {
      const href = url ?? router.state.location.href;
      app.unmount();
      return renderApp({ ...options, url: href, store, api, viewport, signedInAs: undefined });
    },
    unmount() {
      stopWatching();
      act(() => result.unmount());
      services.session.stop();
      const signedIn = services.signedIn.current();
      signedIn?.members.stop();
      signedIn?.idle.stop();
    },
  };
  return app;
}
