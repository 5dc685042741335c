import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The content width of the element `ref` points to, kept up to date by a ResizeObserver; the
 * table decides its columns from the room it has, not from the window. Undefined until measured
 * (or where ResizeObserver does not exist): the table then shows every column. Tests drive it by
 * installing their own ResizeObserver.
 */
export function useContainerWidth(ref: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
