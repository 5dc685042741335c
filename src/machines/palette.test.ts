import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SearchResult } from '../../contract/details';
import {
  paletteMachine,
  selectPaletteActive,
  selectPaletteBusy,
  selectPaletteOpen,
  selectPalettePeople,
  selectPaletteText,
} from './palette';

const found: SearchResult = {
  accounts: [{ number: 'CUS-000001', holder: 'Aminata Diallo', phone: null, kind: 'customer' }],
  transactions: [],
};

function harness(searchesPeople = true) {
  const asked: string[] = [];
  const opened: string[] = [];
  const actor = createActor(
    paletteMachine.provide({
      actors: {
        search: fromPromise(async ({ input }: { input: { text: string } }) => {
          asked.push(input.text);
          return found;
        }),
      },
      actions: { openPath: (_, { path }) => opened.push(path) },
    }),
    { input: { searchesPeople } },
  );
  actor.start();
  return { actor, asked, opened };
}

afterEach(() => vi.useRealTimers());

describe('the command palette', () => {
  it('opens empty each time, moves the active option around the list and opens the chosen page', () => {
    const { actor, opened } = harness();
    expect(selectPaletteOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'palette.type', text: 'f' });
    actor.send({ type: 'palette.move', by: 1, count: 3 });
    actor.send({ type: 'palette.move', by: 1, count: 3 });
    expect(selectPaletteActive(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'palette.move', by: 1, count: 3 });
    expect(selectPaletteActive(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'palette.move', by: -1, count: 3 });
    expect(selectPaletteActive(actor.getSnapshot())).toBe(2);
    // A new letter starts again from the best match.
    actor.send({ type: 'palette.type', text: 'fe' });
    expect(selectPaletteActive(actor.getSnapshot())).toBe(0);

    actor.send({ type: 'palette.choose', path: '/fees' });
    expect(opened).toEqual(['/fees']);
    expect(selectPaletteOpen(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'palette.open' });
    expect(selectPaletteText(actor.getSnapshot())).toBe('');
    actor.send({ type: 'palette.close' });
    expect(selectPaletteOpen(actor.getSnapshot())).toBe(false);
    expect(opened).toEqual(['/fees']);
  });

  it('asks for people once the typing pauses on two characters, and only the last text', async () => {
    vi.useFakeTimers();
    const { actor, asked } = harness();
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'palette.type', text: 'A' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual([]);
    actor.send({ type: 'palette.type', text: 'Am' });
    await vi.advanceTimersByTimeAsync(200);
    actor.send({ type: 'palette.type', text: 'Amin ' });
    await vi.advanceTimersByTimeAsync(299);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectPaletteBusy(actor.getSnapshot())).toBe(false);
    expect(asked).toEqual(['Amin']);
    expect(selectPalettePeople(actor.getSnapshot())).toEqual(found);
    // Back under two characters, what was found goes.
    actor.send({ type: 'palette.type', text: 'A' });
    expect(selectPalettePeople(actor.getSnapshot())).toBeNull();
  });

  it('never asks for people for a user whose reports list none', async () => {
    vi.useFakeTimers();
    const { actor, asked } = harness(false);
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'palette.type', text: 'Aminata' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual([]);
  });
});
