import { createHash } from 'node:crypto';
import type { Plugin, Rolldown } from 'vite';

/** The `<meta>` that names the chunks the pages behind the menu share (src/app/prefetch.ts reads it). */
const PAGE_CHUNKS_META = 'page-chunks';

/**
 * Tells the page which chunks to fetch ahead (decision 028), from the finished bundle:
 *
 * - when a session is stored, the signed-in first view's code starts downloading beside the
 *   entry instead of after it has run: a tiny external script (the Content Security Policy
 *   allows no inline one) adds a `modulepreload` link for each chunk of the modules `firstView`
 *   matches that the entry does not load. Without a stored session it does nothing;
 * - `<meta name="page-chunks">` lists the chunks of the modules `pages` matches (the page host,
 *   with the kit it imports) that neither the entry nor the first view loads, for the shell to
 *   preload while idle: fetched and compiled, not run.
 */
export function chunkHints({
  storageKey,
  firstView,
  pages,
}: {
  storageKey: string;
  firstView: RegExp;
  pages: RegExp;
}): Plugin {
  return {
    name: 'chunk-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const chunks = new Map(
          Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])),
        );
        const closure = (roots: Rolldown.OutputChunk[]) => {
          const seen = new Set<string>();
          const visit = (fileName: string) => {
            const chunk = chunks.get(fileName);
            if (!chunk || seen.has(fileName)) return;
            seen.add(fileName);
            for (const imported of chunk.imports) visit(imported);
          };
          for (const root of roots) visit(root.fileName);
          return seen;
        };
        const holding = (pattern: RegExp) =>
          closure([...chunks.values()].filter((c) => c.moduleIds.some((id) => pattern.test(id))));
        const initial = closure([...chunks.values()].filter((c) => c.isEntry));
        const view = [...holding(firstView)].filter((f) => !initial.has(f));
        const shared = [...holding(pages)].filter((f) => !initial.has(f) && !view.includes(f));
        // A build of another page (the bench's floor) has neither.
        if (view.length === 0 || shared.length === 0) {
          this.warn(`no chunk holds a module matching ${firstView} or ${pages}: no hints`);
          return;
        }
        const hrefs = (files: string[]) => files.map((f) => `/${f}`);
        const code = `try{if(localStorage.getItem(${JSON.stringify(storageKey)}))for(const f of ${JSON.stringify(hrefs(view))}){const l=document.createElement('link');l.rel='modulepreload';l.href=f;document.head.append(l)}}catch{}\n`;
        const fileName = `assets/session-preload-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source: code });
        html.source = String(html.source).replace(
          '</title>',
          `</title>\n    <meta name="${PAGE_CHUNKS_META}" content="${hrefs(shared).join(' ')}" />\n    <script async src="/${fileName}"></script>`,
        );
      },
    },
  };
}
