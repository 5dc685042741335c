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
    toast?.action?.run();
    expect(run).toHaveBeenCalledOnce();
  });
});
