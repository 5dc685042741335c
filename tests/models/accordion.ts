/**
 * Test model of the side menu's accordion, written from SPEC.md §2 and §4 (not from
 * src/machines/accordion.ts): collapsible sections, only one open at a time; opening another
 * section closes the open one, clicking the open one closes it; on load the section holding
 * the current route is open (none when the route is in no section, e.g. the home page).
 *
 * Three sections stand for any three of a menu: A, B and C; the tests bind them to real ones.
 */
import { setup } from 'xstate';

export type AccordionSection = 'a' | 'b' | 'c';
export const ACCORDION_SECTIONS: readonly AccordionSection[] = ['a', 'b', 'c'];

export type AccordionModelEvent =
  | { type: 'load.atHome' }
  | { type: 'load.atRouteInA' }
  | { type: 'load.atRouteInB' }
  | { type: 'header.clickA' }
  | { type: 'header.clickB' }
  | { type: 'header.clickC' };

export const accordionModel = setup({ types: { events: {} as AccordionModelEvent } }).createMachine({
  id: 'accordionModel',
  initial: 'notLoaded',
  states: {
    notLoaded: {
      on: { 'load.atHome': 'noneOpen', 'load.atRouteInA': 'aOpen', 'load.atRouteInB': 'bOpen' },
    },
    noneOpen: { on: { 'header.clickA': 'aOpen', 'header.clickB': 'bOpen', 'header.clickC': 'cOpen' } },
    aOpen: { on: { 'header.clickA': 'noneOpen', 'header.clickB': 'bOpen', 'header.clickC': 'cOpen' } },
    bOpen: { on: { 'header.clickA': 'aOpen', 'header.clickB': 'noneOpen', 'header.clickC': 'cOpen' } },
    cOpen: { on: { 'header.clickA': 'aOpen', 'header.clickB': 'bOpen', 'header.clickC': 'noneOpen' } },
  },
});

export type AccordionModelState = 'notLoaded' | 'noneOpen' | 'aOpen' | 'bOpen' | 'cOpen';

/** The open section a model state stands for. */
export function openSectionOf(state: AccordionModelState): AccordionSection | null {
  if (state === 'aOpen') return 'a';
  if (state === 'bOpen') return 'b';
  if (state === 'cOpen') return 'c';
  return null;
}
