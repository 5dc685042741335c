/**
 * A general page opened on one of its items by a link (an inbox row's): the search param naming
 * the item, and the item's element brought into view and focused once it shows, so the reader
 * lands on what they came for (docs/decisions/051-inbox-links-open-the-item.md).
 */
import { useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/** The param's value; the router reads `?user=9` as a number, so any scalar is taken as text. */
export function useOpenedItem(param: string): string | null {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const value = search[param];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** Scrolls to the element with this id and focuses it, once, when it is on screen. */
export function useRevealOnce(elementId: string | null, shown: boolean) {
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    if (!elementId || !shown || revealed.current === elementId) return;
    const element = document.getElementById(elementId);
    if (!element) return;
    revealed.current = elementId;
    element.scrollIntoView({ block: 'start' });
    element.focus({ preventScroll: true });
  }, [elementId, shown]);
}

/** How the opened item stands out: a ring, and room above it under the sticky header. */
export const OPENED_ITEM_CLASS = 'scroll-mt-20 rounded-lg p-3 ring-2 ring-brand-400 outline-none';
