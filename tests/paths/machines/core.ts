/** The graphs of the shell's machines: side menu, menu sections, associated members. */
import { accordionMachine } from '../../../src/machines/accordion';
import { associatedMembersMachine } from '../../../src/machines/associated-members';
import { menuMachine } from '../../../src/machines/menu';
import type { MachineGraph } from '../graph-adapter';

export const menuGraph: MachineGraph<typeof menuMachine> = {
  id: 'menu',
  machine: menuMachine,
  inputs: [
    { label: 'wide window', input: { narrow: false } },
    { label: 'narrow window', input: { narrow: true } },
  ],
};

export const accordionGraph: MachineGraph<typeof accordionMachine> = {
  id: 'accordion',
  machine: accordionMachine,
  guardsBothWays: true,
  // Opened at a page of a section (that section open) or at home (none open).
  inputs: [
    { label: 'at a report', input: { openSection: 'reports' } },
    { label: 'at home', input: { openSection: null } },
  ],
  variants: () => ({
    'accordion.toggle': [
      { label: 'reports', section: 'reports' },
      { label: 'settings', section: 'settings' },
    ],
    'accordion.reveal': [
      { label: 'reports', section: 'reports' },
      { label: 'no section', section: null },
    ],
  }),
  // Which section is open is what the user sees: a state of its own.
  context: (context) => context.openSection,
};

export const membersGraph: MachineGraph<typeof associatedMembersMachine> = {
  id: 'associatedMembers',
  machine: associatedMembersMachine,
  guardsBothWays: true,
  provide: {
    guards: {
      // The app asks the session; in the graph the answer's variant says whether the user changed.
      isCurrentBroker: ({ event }) => !(event as { userChanged?: boolean }).userChanged,
    },
  },
  // The app resets only a load that has begun (when the session ends): an idle one is left alone.
  filter: (snapshot, name) => !(name === 'members.reset' && snapshot.matches('idle')),
  variants: () => ({
    'members.load': [
      { label: 'signed-in user', brokerId: 1 },
      // Another tab signs in as someone else as this one signs in: the shell asks for a gone user's members.
      { label: 'another tab signed in', brokerId: 1, userChanged: true },
    ],
    'fetchMembers.done': [
      { label: 'members', output: [{ id: 1 }] },
      { label: 'user changed meanwhile', output: [{ id: 1 }], userChanged: true },
    ],
    'fetchMembers.error': [
      { label: 'server error', error: new Error('500') },
      { label: 'forbidden', error: new Error('403') },
      { label: 'no answer', error: new TypeError('Failed to fetch') },
    ],
  }),
};
