/** Named by scripts/vite/chunk-hints.ts in the built index.html; absent in development. */
const PAGE_CHUNKS_META = 'meta[name="page-chunks"]';

/**
 * Preloads the chunks the pages behind the menu share (decision 028): `modulepreload` fetches
 * and compiles them without running them, so the idle shell does no work on the main thread and
 * a page's first click finds them in memory.
 */
export function preloadPageChunks(doc: Document = document): void {
  const hrefs = doc.querySelector<HTMLMetaElement>(PAGE_CHUNKS_META)?.content.split(' ').filter(Boolean) ?? [];
  for (const href of hrefs) {
    if (doc.head.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  }
}
