import { assign, setup } from 'xstate';

export type AccordionEvent =
  | { type: 'accordion.toggle'; section: string }
  | { type: 'accordion.reveal'; section: string | null };

/** One open section at a time (docs/product.md); the route's own section opens on load. */
export const accordionMachine = setup({
  types: {
    context: {} as { openSection: string | null },
    events: {} as AccordionEvent,
    input: {} as { openSection: string | null },
  },
}).createMachine({
  id: 'accordion',
  context: ({ input }) => ({ openSection: input.openSection }),
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
  },
});

export type AccordionSnapshot = ReturnType<(typeof accordionMachine)['getInitialSnapshot']>;
export const selectOpenSection = (s: AccordionSnapshot) => s.context.openSection;
