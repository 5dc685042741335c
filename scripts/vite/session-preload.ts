import { createHash } from 'node:crypto';
import type { Plugin, Rolldown } from 'vite';

/**
 * When a session is stored, the signed-in first view's code starts downloading beside /login's
 * entry instead of after it has run (decision 028): a tiny external script (the Content Security
 * Policy allows no inline one) adds a `modulepreload` link for each chunk of the modules
 * `firstView` matches that the entry does not already load. Without a stored session it does
 * nothing, so the sign-in page fetches nothing more than this script.
 */
export function sessionPreload({ storageKey, firstView }: { storageKey: string; firstView: RegExp }): Plugin {
  return {
    name: 'session-preload',
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
        const all = [...chunks.values()];
        const initial = closure(all.filter((c) => c.isEntry));
        const view = closure(all.filter((c) => c.moduleIds.some((id) => firstView.test(id))));
        const files = [...view].filter((f) => !initial.has(f)).map((f) => `/${f}`);
        // A build of another page (the bench's floor) has no such view.
        if (files.length === 0) {
          this.warn(`no chunk holds a module matching ${firstView}: nothing to preload`);
          return;
        }
        const code = `try{if(localStorage.getItem(${JSON.stringify(storageKey)}))for(const f of ${JSON.stringify(files)}){const l=document.createElement('link');l.rel='modulepreload';l.href=f;document.head.append(l)}}catch{}\n`;
        const fileName = `assets/session-preload-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source: code });
        html.source = String(html.source).replace(
          '</title>',
          `</title>\n    <script async src="/${fileName}"></script>`,
        );
      },
    },
  };
}
