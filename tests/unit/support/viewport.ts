/**
 * A controllable window width for matchMedia: queries made of `(max-width: Npx)` and
 * `(min-width: Npx)` (joined with `and`) are evaluated against it, and every list whose
 * answer changes when the width changes gets a `change` event, as in a browser.
 */
export interface FakeViewport {
  readonly width: number;
  matchMedia: (query: string) => MediaQueryList;
  /** Resize: updates window.innerWidth, fires `change` on the affected lists and `resize` on window. */
  setWidth(width: number): void;
}

function evaluate(query: string, width: number): boolean {
  const parts = query.split(/\s+and\s+/i).map((p) => p.trim());
  return parts.every((part) => {
    const m = /^\(\s*(max|min)-width\s*:\s*(\d+(?:\.\d+)?)px\s*\)$/i.exec(part);
    if (!m) return false;
    const px = Number(m[2]);
    return m[1]?.toLowerCase() === 'max' ? width <= px : width >= px;
  });
}

type Listener = (event: MediaQueryListEvent) => void;

export function createFakeViewport(initialWidth = 1280): FakeViewport {
  let width = initialWidth;
  const lists = new Set<{ list: MediaQueryList; fire: () => void }>();

  function matchMedia(query: string): MediaQueryList {
    const listeners = new Set<Listener>();
    let last = evaluate(query, width);
    const list = {
      media: query,
      get matches() {
        return evaluate(query, width);
      },
      onchange: null as ((this: MediaQueryList, ev: MediaQueryListEvent) => unknown) | null,
      addEventListener: (type: string, listener: Listener) => {
        if (type === 'change') listeners.add(listener);
      },
      removeEventListener: (type: string, listener: Listener) => {
        if (type === 'change') listeners.delete(listener);
      },
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
    lists.add({
      list,
      fire: () => {
        const now = evaluate(query, width);
        if (now === last) return;
        last = now;
        const event = { matches: now, media: query, type: 'change' } as MediaQueryListEvent;
        for (const l of [...listeners]) l(event);
        list.onchange?.call(list, event);
      },
    });
    return list;
  }

  return {
    get width() {
      return width;
    },
    matchMedia,
    setWidth(next) {
      width = next;
      Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: next });
      for (const entry of lists) entry.fire();
      window.dispatchEvent(new Event('resize'));
    },
  };
}
