import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SearchResult } from '../../contract/details';
import {
  type AllResultsFilter,
  headerSearchMachine,
  selectSearchActive,
  selectSearchOpen,
  selectSearchOptions,
} from './header-search';

const party = (number: string) => ({ number, holder: 'Fatou Diallo', phone: '+221 76 992 00 69', kind: 'customer' });
const TWO_PARTIES_ONE_TX: SearchResult = {
  accounts: [party('CUS-000069'), party('CUS-000088')],
  transactions: [
    { reference: 'TX1', createdAt: '2026-11-01T10:00:00Z', amount: 500, status: 'success', from: 'A', to: 'B' },
  ],
};

/** The machine with a search that answers at once, and what it opened. */
function harness(result: SearchResult, canSeeAll = true) {
  vi.useFakeTimers();
  const opened: string[] = [];
  const all: AllResultsFilter[] = [];
  const actor = createActor(
    headerSearchMachine.provide({
      actors: { search: fromPromise(async () => result) },
      actions: {
        openMatch: (_, { path }) => opened.push(path),
        openAll: (_, filter) => all.push(filter),
      },
    }),
    { input: { canSeeAll } },
  );
  actor.start();
  const shown = async (text: string) => {
    actor.send({ type: 'search.type', text });
    await vi.advanceTimersByTimeAsync(400);
  };
  return { actor, opened, all, shown };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the header search', () => {
  it('lists people first, then transactions, then "see all"', async () => {
    const { actor, shown } = harness(TWO_PARTIES_ONE_TX);
    await shown('Fatou Diallo');
    expect(selectSearchOptions(actor.getSnapshot()).map((o) => o.kind)).toEqual([
      'account',
      'account',
      'transaction',
      'all',
    ]);
  });

  it('moves through the results with the arrow keys, wrapping through the typed text', async () => {
    const { actor, shown } = harness(TWO_PARTIES_ONE_TX);
    await shown('Fatou Diallo');
    const active = () => selectSearchActive(actor.getSnapshot());
    expect(active()).toBe(-1);
    actor.send({ type: 'search.next' });
    actor.send({ type: 'search.next' });
    expect(active()).toBe(1);
    actor.send({ type: 'search.next' });
    actor.send({ type: 'search.next' });
    expect(active()).toBe(3);
    actor.send({ type: 'search.next' });
    expect(active()).toBe(-1);
    actor.send({ type: 'search.previous' });
    expect(active()).toBe(3);
  });

  it('opens the highlighted result on Enter', async () => {
    const { actor, opened, shown } = harness(TWO_PARTIES_ONE_TX);
    await shown('Fatou Diallo');
    actor.send({ type: 'search.next' });
    actor.send({ type: 'search.next' });
    actor.send({ type: 'search.submit' });
    expect(opened).toEqual(['/accounts/CUS-000088']);
    expect(selectSearchOpen(actor.getSnapshot())).toBe(false);
  });

  it('opens all results for the text when "see all" is highlighted, or when Enter meets several matches', async () => {
    const { actor, all, opened, shown } = harness(TWO_PARTIES_ONE_TX);
    await shown('Fatou Diallo');
    actor.send({ type: 'search.previous' });
    actor.send({ type: 'search.submit' });
    expect(all).toEqual([{ text: 'Fatou Diallo' }]);
    await shown('Fatou Diallo');
    actor.send({ type: 'search.submit' });
    expect(all).toEqual([{ text: 'Fatou Diallo' }, { text: 'Fatou Diallo' }]);
    expect(opened).toEqual([]);
  });

  it('offers no "see all" to a user without a transaction report, and Enter on several matches then waits', async () => {
    const { actor, all, opened, shown } = harness(TWO_PARTIES_ONE_TX, false);
    await shown('Fatou Diallo');
    expect(selectSearchOptions(actor.getSnapshot()).map((o) => o.kind)).not.toContain('all');
    actor.send({ type: 'search.submit' });
    expect([...all, ...opened]).toEqual([]);
    expect(selectSearchOpen(actor.getSnapshot())).toBe(true);
  });

  it('opens all results of the one account the text named, not of the text', async () => {
    const { actor, all, shown } = harness({
      accounts: [party('CUS-000069')],
      transactions: TWO_PARTIES_ONE_TX.transactions,
    });
    await shown('76 992 00 69');
    actor.send({ type: 'search.previous' });
    actor.send({ type: 'search.submit' });
    expect(all).toEqual([{ account: 'CUS-000069' }]);
  });

  it('opens the option clicked', async () => {
    const { actor, opened, shown } = harness(TWO_PARTIES_ONE_TX);
    await shown('Fatou Diallo');
    actor.send({ type: 'search.pick', index: 2 });
    expect(opened).toEqual(['/transactions/TX1']);
  });

  it('still opens a single match on Enter', async () => {
    const { actor, opened, shown } = harness({ accounts: [party('CUS-000069')], transactions: [] });
    await shown('CUS-000069');
    actor.send({ type: 'search.submit' });
    expect(opened).toEqual(['/accounts/CUS-000069']);
  });

  it('forgets the highlight when a new answer comes', async () => {
    const { actor, shown } = harness(TWO_PARTIES_ONE_TX);
    await shown('Fatou Diallo');
    actor.send({ type: 'search.next' });
    await shown('Fatou');
    expect(selectSearchActive(actor.getSnapshot())).toBe(-1);
  });
});
