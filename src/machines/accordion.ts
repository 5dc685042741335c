import { assign, setup } from 'xstate';

export type AccordionEvent =
  | { type: 'accordion.toggle'; section: string }
  | { type: 'accordion.reveal'; section: string | null }
  | { type: 'accordion.filter'; text: string };

/**
 * One open section at a time (docs/product.md); the route's own section opens on load. A long
 * menu has a filter: while it holds text, every section with a matching link shows open, and
 * clearing it goes back to the one section that was open.
 */
export const accordionMachine = setup({
  types: {
    context: {} as { openSection: string | null; filter: string },
    events: {} as AccordionEvent,
    input: {} as { openSection: string | null },
  },
}).createMachine({
  id: 'accordion',
  context: ({ input }) => ({ openSection: input.openSection, filter: '' }),
  on: {
    'accordion.toggle': {
      actions: assign({
        openSection: ({ context, event }) => (context.openSection === event.section ? null : event.section),
      }),
    },
    'accordion.reveal': {
      guard: ({ event }) => event.section !== null,
      actions: assign({ openSection: ({ event }) => event.section }),
    },
    'accordion.filter': { actions: assign({ filter: ({ event }) => event.text }) },
  },
});

export type AccordionSnapshot = ReturnType<(typeof accordionMachine)['getInitialSnapshot']>;
export const selectOpenSection = (s: AccordionSnapshot) => s.context.openSection;
export const selectMenuFilter = (s: AccordionSnapshot) => s.context.filter;
