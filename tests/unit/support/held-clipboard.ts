import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** A clipboard whose each write waits until the test settles it: written, or refused. */
export function heldClipboard() {
  let pending: { resolve: () => void; reject: (e: Error) => void } | undefined;
  const writeText = vi.fn(
    (_text: string) =>
      new Promise<void>((resolve, reject) => {
        pending = { resolve, reject };
      }),
  );
  return {
    /** Puts it on the navigator: after each render, as user-event puts its own there. */
    install: () => Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true }),
    /** The text last written. */
    copied: async () => writeText.mock.lastCall?.[0],
    settleCopy: (ok: boolean) => act(async () => (ok ? pending?.resolve() : pending?.reject(new Error('denied')))),
  };
}
