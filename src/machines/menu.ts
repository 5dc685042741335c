import { fromCallback, setup } from 'xstate';

const MENU_BREAKPOINT_PX = 900;
/** At 900 px or less the menu collapses (docs/product.md). */
export const NARROW_QUERY = `(max-width: ${MENU_BREAKPOINT_PX}px)`;

export type MenuEvent =
  | { type: 'menu.toggle' }
  | { type: 'menu.close' }
  | { type: 'menu.navigated' }
  | { type: 'menu.viewport.narrow' }
  | { type: 'menu.viewport.wide' };

/**
 * The side menu: open by default; the header button toggles it. Below the breakpoint it
 * collapses, an opened menu overlays the content and closes after navigation; above it,
 * a resize opens it again. The viewport is an injected actor (matchMedia in the app).
 */
export const menuMachine = setup({
  types: { events: {} as MenuEvent, context: {} as { narrow: boolean }, input: {} as { narrow: boolean } },
  actors: {
    viewport: fromCallback<MenuEvent>(() => () => {}),
  },
  guards: {
    isNarrowAtStart: ({ context }) => context.narrow,
  },
}).createMachine({
  id: 'menu',
  invoke: { src: 'viewport' },
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'isNarrowAtStart', target: 'narrow' }, { target: 'wide' }],
    },
    wide: {
      tags: ['wide'],
      initial: 'open',
      on: { 'menu.viewport.narrow': 'narrow' },
      states: {
        open: { tags: ['open'], on: { 'menu.toggle': 'closed' } },
        closed: { tags: ['closed'], on: { 'menu.toggle': 'open' } },
      },
    },
    narrow: {
      tags: ['narrow'],
      initial: 'closed',
      on: { 'menu.viewport.wide': 'wide' },
      states: {
        closed: { tags: ['closed'], on: { 'menu.toggle': 'open' } },
        open: {
          tags: ['open', 'overlay'],
          on: { 'menu.toggle': 'closed', 'menu.close': 'closed', 'menu.navigated': 'closed' },
        },
      },
    },
  },
  context: ({ input }) => ({ narrow: input.narrow }),
});

export type MenuSnapshot = ReturnType<(typeof menuMachine)['getInitialSnapshot']>;
export const selectMenuOpen = (s: MenuSnapshot) => s.hasTag('open');
export const selectMenuOverlay = (s: MenuSnapshot) => s.hasTag('overlay');

/** The real viewport: a matchMedia listener that reports crossings of the breakpoint. */
export function matchMediaViewport(matchMedia: (query: string) => MediaQueryList) {
  return fromCallback<MenuEvent>(({ sendBack }) => {
    const query = matchMedia(NARROW_QUERY);
    const onChange = (e: MediaQueryListEvent) =>
      sendBack({ type: e.matches ? 'menu.viewport.narrow' : 'menu.viewport.wide' });
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  });
}
