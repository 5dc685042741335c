import { describe, expect, it, vi } from 'vitest';
import { createNotificationCenter, NOTIFY_DELAY_MS, NOTIFY_DURATION_MS } from './center';

describe('notification helper (docs/product.md)', () => {
  it('opens a top-right toast after 200 ms for 5000 ms with the success class plus the given class', () => {
    vi.useFakeTimers();
    const center = createNotificationCenter();
    center.notify('Saved', 'bank-added');
    expect(center.getSnapshot()).toEqual([]);
    vi.advanceTimersByTime(NOTIFY_DELAY_MS);
    expect(center.getSnapshot()).toEqual([
      expect.objectContaining({
        message: 'Saved',
        className: 'notification-success bank-added',
        placement: 'top-right',
        duration: NOTIFY_DURATION_MS,
      }),
    ]);
    vi.useRealTimers();
  });

  it('keeps the session snackbar bottom centre until dismissed', () => {
    const center = createNotificationCenter();
    center.snackbar('Your session has expired.');
    const [toast] = center.getSnapshot();
    expect(toast).toMatchObject({ placement: 'bottom-center', duration: null });
    center.dismiss(toast?.id ?? -1);
    expect(center.getSnapshot()).toEqual([]);
  });

  it('offers an action that stays until answered', () => {
    const center = createNotificationCenter();
    const run = vi.fn();
    center.offer('A new version is ready.', { label: 'Reload', run });
    const [toast] = center.getSnapshot();
    expect(toast?.duration).toBeNull();
    if (toast?.action?.href === undefined) toast?.action?.run();
    expect(run).toHaveBeenCalledOnce();
  });

  it('updates a task’s notice in place until it ends in a download link', () => {
    const center = createNotificationCenter();
    center.task('export:1', { message: 'Exporting…', progress: { done: 0, total: 10, text: '0 of 10 rows' } });
    center.task('export:1', { message: 'Exporting…', progress: { done: 5, total: 10, text: '5 of 10 rows' } });
    expect(center.getSnapshot()).toHaveLength(1);
    expect(center.getSnapshot()[0]?.progress?.done).toBe(5);
    center.task('export:1', { message: 'Ready', action: { label: 'Download', href: '/rest/exports/1/download' } });
    const [toast] = center.getSnapshot();
    expect(toast).toMatchObject({ message: 'Ready', duration: null, action: { href: '/rest/exports/1/download' } });
    expect(toast?.progress).toBeUndefined();
    center.task('export:2', { message: 'Exporting…', progress: { done: 0, total: null, text: '0 rows' } });
    // The finished export's notice gives way to the new one; a running one would stay.
    expect(center.getSnapshot().map((t) => t.key)).toEqual(['export:2']);
    center.task('export:3', { message: 'Exporting…', progress: { done: 0, total: null, text: '0 rows' } });
    expect(center.getSnapshot().map((t) => t.key)).toEqual(['export:2', 'export:3']);
  });
});
