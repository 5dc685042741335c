/**
 * What a page or the shell needs around it in the catalogue, given through the seams the app
 * itself uses: the services context (createAppServices over a fixture `fetch`, a signed-in user
 * in a memory store), a TanStack memory router for links and the address, and the menu badge's
 * count from the inbox-count machine `.provide()`d with a fixed answer. Stories only.
 *
 *   const meta = { decorators: [withStoryApp], parameters: { app: { user, url, api } } };
 */
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import type { Decorator } from '@storybook/react-vite';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { createActor, fromCallback } from 'xstate';
import type { GroupKey } from '../../../contract/groups';
import { groupIdTable, primaryIdOf } from '../../../contract/groups';
import type { Bank, CurrentUser } from '../../api/types';
import { createAppServices, type AppServices } from '../../app/services';
import { ServicesProvider } from '../../app/ServicesContext';
import { createSignedInServices, type SignedInServices } from '../../app/signed-in-services';
import { SignedInServicesProvider } from '../../app/SignedInServicesContext';
import { inboxCountMachine } from '../../machines/inbox-count';
import { NARROW_QUERY } from '../../machines/menu';
import { createSessionStorage, type KeyValueStore } from '../../session/storage';
import { answer, fixtureFetch, type FixtureRoutes } from './fixture-fetch';

export interface StoryApp {
  /** The signed-in user (see storyUser). */
  user: CurrentUser;
  /** Where the memory router starts, e.g. `/reports/transaction-report?status=failed`. */
  url?: string;
  /** The API's answers (fixture-fetch.ts) beside the defaults below; anything else answers 404. */
  api?: FixtureRoutes;
  /** The count on the inbox's menu item and home card (the server's event stream in the app). */
  inboxCount?: number;
  /** The narrow layout (collapsed side menu) at any width, as below 900 px. */
  narrow?: boolean;
  /** What the shell's <Outlet /> shows. */
  outlet?: () => ReactNode;
}

const CONFIG = { apiBase: '/rest/' };
const GROUP_IDS = groupIdTable({ usePrimary: true });

const STORY_BANKS: Bank[] = [
  { id: 1, code: 'BBG', name: 'Bridge Bank Group', bankGroup: 'BBG', active: true },
  { id: 2, code: 'BIS', name: 'Banque Islamique du Sénégal', bankGroup: 'BIS', active: true },
];

/** What the frame and the kit ask for on their own, whatever the page: the bank pickers, the members. */
const DEFAULT_ANSWERS: FixtureRoutes = {
  'GET banks/options': answer({ banks: STORY_BANKS }),
  'GET members/merchant-partner/associated-members': answer({ MemberDetailsList: [] }),
};

/** A staff user of `group` as `POST auth/login` returns it (menuProfile: Bridge, Checker…). */
export function storyUser(
  group: GroupKey,
  name: string,
  options: { username?: string; menuProfile?: string; bankId?: number | null } = {},
): CurrentUser {
  return {
    sessionId: 'story-session',
    profile: {
      id: 1,
      name,
      username: options.username ?? group,
      menuProfile: options.menuProfile ?? name,
    },
    groupDetails: { groupId: primaryIdOf(group, GROUP_IDS) },
    bankId: options.bankId ?? null,
    bankList: STORY_BANKS,
    accountsData: [],
  };
}

function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** A matchMedia that answers the menu's breakpoint as narrow, and everything else as the window does. */
function narrowMatchMedia(query: string): MediaQueryList {
  if (query !== NARROW_QUERY) return window.matchMedia(query);
  const never = () => false;
  return {
    matches: true,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: never,
  };
}

function createStoryServices(app: StoryApp): { services: AppServices; signedIn: SignedInServices } {
  const store = memoryStore();
  createSessionStorage(store).writeUser(app.user);
  const services = createAppServices({
    config: CONFIG,
    store,
    fetch: fixtureFetch({ ...DEFAULT_ANSWERS, ...app.api }, CONFIG.apiBase),
    // Writes then need no first request for the XSRF cookie.
    readCookie: () => 'story',
    matchMedia: app.narrow ? narrowMatchMedia : undefined,
    navigateToLogin: () => undefined,
  });
  // At once, not with the shell route as in the app: the stories render the frame without it.
  const signedIn = createSignedInServices(
    { ...services, store, apiBase: CONFIG.apiBase, watchRequests: () => undefined },
    { groupIds: GROUP_IDS },
  );
  signedIn.inbox.stop();
  const inbox = createActor(
    inboxCountMachine.provide({
      actors: {
        watchCount: fromCallback(({ sendBack }) => {
          if (app.inboxCount !== undefined) sendBack({ type: 'inbox.count', count: app.inboxCount });
        }),
      },
    }),
  );
  inbox.start();
  return { services, signedIn: { ...signedIn, inbox } };
}

const StorySlot = createContext<ReactNode>(null);

function createStoryRouter(url: string, Outlet: () => ReactNode = () => null) {
  const root = createRootRoute({ component: () => useContext(StorySlot) });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: '$', component: Outlet });
  return createRouter({
    routeTree: root.addChildren([home, page]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
}

/** The decorator: reads `parameters.app` (a StoryApp) and renders the story inside it. */
export const withStoryApp: Decorator = (Story, context) => (
  <StoryAppFrame app={context.parameters.app as StoryApp}>
    <Story />
  </StoryAppFrame>
);

function StoryAppFrame({ app, children }: { app: StoryApp; children: ReactNode }) {
  const [{ services, signedIn }] = useState(() => createStoryServices(app));
  const [router] = useState(() => createStoryRouter(app.url ?? '/', app.outlet));
  useEffect(
    () => () => {
      for (const actor of [services.session, signedIn.members, signedIn.idle, signedIn.inbox]) actor.stop();
    },
    [services, signedIn],
  );
  return (
    <ServicesProvider value={services}>
      <SignedInServicesProvider value={signedIn}>
        <StorySlot.Provider value={children}>
          <RouterProvider router={router} />
        </StorySlot.Provider>
      </SignedInServicesProvider>
    </ServicesProvider>
  );
}
