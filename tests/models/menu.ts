/**
 * Test model of the side menu, written from SPEC.md §2 and §9 (not from src/machines/menu.ts):
 * - the menu is open by default (at a wide window);
 * - the header button ("Toggle menu") toggles it;
 * - at a window width of 900 px or less it is collapsed; above 900 px it opens again on resize;
 * - below the breakpoint an opened menu overlays the content and closes after navigating
 *   through one of its links (at a wide window it stays open).
 */
import { setup } from 'xstate';

/** SPEC.md §9: collapse breakpoint 900 px of window width (900 itself is narrow). */
export const MENU_BREAKPOINT_PX = 900;
export const NARROW_WIDTH_PX = MENU_BREAKPOINT_PX;
export const WIDE_WIDTH_PX = MENU_BREAKPOINT_PX + 1;

export type MenuModelEvent =
  | { type: 'app.open.wide' }
  | { type: 'app.open.narrow' }
  | { type: 'toggle.click' }
  | { type: 'window.resize.narrow' }
  | { type: 'window.resize.wide' }
  | { type: 'menuLink.follow' };

export const menuModel = setup({ types: { events: {} as MenuModelEvent } }).createMachine({
  id: 'menuModel',
  initial: 'notLoaded',
  states: {
    notLoaded: {
      description: 'The app is not open yet.',
      on: { 'app.open.wide': 'wide.open', 'app.open.narrow': 'narrow.closed' },
    },
    wide: {
      description: 'Window wider than 900 px: the menu sits beside the content.',
      initial: 'open',
      on: { 'window.resize.narrow': 'narrow.closed' },
      states: {
        open: { on: { 'toggle.click': 'closed', 'menuLink.follow': 'open' } },
        closed: { on: { 'toggle.click': 'open' } },
      },
    },
    narrow: {
      description: 'Window of 900 px or less: collapsed; opened, it overlays the content.',
      initial: 'closed',
      on: { 'window.resize.wide': 'wide.open' },
      states: {
        closed: { on: { 'toggle.click': 'open' } },
        open: { on: { 'toggle.click': 'closed', 'menuLink.follow': 'closed' } },
      },
    },
  },
});

export type MenuModelState = 'notLoaded' | 'wide.open' | 'wide.closed' | 'narrow.open' | 'narrow.closed';
