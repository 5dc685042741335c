import { ensureMessages } from '../i18n/lazy-messages';
import type { Translator } from '../i18n/translator';
import { whenIdle } from './when-idle';

/** Named by scripts/vite/chunk-hints.ts in the built index.html; absent in development. */
const PAGE_CHUNKS_META = 'meta[name="page-chunks"]';

/**
 * Preloads the chunks the pages behind the menu share (decision 028): `modulepreload` fetches
 * and compiles them without running them, so the idle shell does no work on the main thread and
 * a page's first click finds them in memory.
 */
function preloadPageChunks(doc: Document = document): void {
  const hrefs = doc.querySelector<HTMLMetaElement>(PAGE_CHUNKS_META)?.content.split(' ').filter(Boolean) ?? [];
  for (const href of hrefs) {
    if (doc.head.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  }
}

/**
 * What every page behind the menu shares, once the browser is idle: the page host with the page
 * registry and the kit (preloaded, not run, decision 028), and the kit's strings in the language
 * in use. Loaded by the shell when it shows, not with /login (decision 060).
 */
export function prefetchPagesWhenIdle(i18n: Translator): void {
  whenIdle(() => {
    preloadPageChunks();
    void ensureMessages(i18n, 'kit').catch(() => undefined);
  });
}
