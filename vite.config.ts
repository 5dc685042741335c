import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkHints } from './scripts/vite/chunk-hints.ts';
import { STORAGE_KEYS } from './src/session/storage.ts';

/** Writes .br and .gz beside each text asset so the server never compresses per request. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Fewer, larger chunks (docs/decisions/028-chunks-and-prefetch.md): what /login needs is one
 * chunk, and what the pages behind the menu share (the kit, icons, Radix, the table) is another,
 * prefetched while the signed-in shell is idle; each page and each language's strings stay
 * chunks of their own.
 */
const SHARED_BY_PAGES =
  /[\\/](src[\\/]ui|src[\\/]i18n[\\/]page-messages|contract[\\/]report-values|node_modules[\\/](lucide-react|clsx|@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|aria-hidden|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib|@tanstack[\\/]table-core))[\\/]/;
const KIT_TABLE =
  /[\\/](src[\\/]ui[\\/](table[\\/]|managed-list[\\/]ManagedTable\.tsx$)|node_modules[\\/]@tanstack[\\/](table-core|react-table)[\\/])/;
const KIT_LAYERS =
  /[\\/](src[\\/]ui[\\/]((TopDialog|SecretDialog|DropdownMenu|Tabs|list[\\/]ConfirmDialog|managed-list[\\/](RowActions|FormDialog|ActionDialog))\.tsx$|receipt[\\/])|node_modules[\\/](@radix-ui[\\/]react-(dialog|dropdown-menu|menu|popper|focus-scope|focus-guards|tabs|roving-focus)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|aria-hidden|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib)[\\/])/;

const CHUNK_GROUPS = {
  groups: [
    // What /login needs: one file.
    { name: 'app', tags: ['$initial' as const], priority: 4 },
    // The signed-in frame and the home page, with everything they import, not the header search's
    // combobox, which the frame imports with the box's first focus (decision 061); and the code
    // that arrives with them once signed in (decision 060): the signed-in services, the service
    // worker's registration, the idle prefetch. @xstate/react and Lucide's icon component too
    // (not the icons): /login does without them, and the frame is the first signed-in code to
    // need them, so it must not wait for the kit.
    {
      name: 'frame',
      test: /[\\/](src[\\/](routes[\\/](shell[\\/](?!HeaderSearch\.tsx|use-all-results\.ts)|home[\\/]|HomePage)|app[\\/](signed-in-services|activity|group-ids|inbox-watch|prefetch|when-idle|service-worker)\.ts|session[\\/](form-drafts|signed-in-api)\.ts)|node_modules[\\/](@xstate[\\/]react|lucide-react[\\/]dist[\\/]esm[\\/](Icon|createLucideIcon|context|defaultAttributes|shared[\\/])))/,
      priority: 3,
    },
    // The rest of the kit and the libraries the pages share: one file, prefetched by the shell;
    // not the table and the layers below, unless a module of this file imports them.
    {
      name: 'kit',
      test: (id: string) => SHARED_BY_PAGES.test(id) && !KIT_TABLE.test(id) && !KIT_LAYERS.test(id),
      minShareCount: 2,
      priority: 2,
    },
    // What only some pages need, each its own file fetched with those pages, not preloaded
    // (decision 061): the table (a page without one never runs it) and the layers (dialogs,
    // menus and what positions them, traps focus in them and locks the scroll under them).
    { name: 'kit-table', test: KIT_TABLE, minShareCount: 2, priority: 1 },
    { name: 'kit-layers', test: KIT_LAYERS, minShareCount: 2, priority: 1 },
    // Zod and the contract's shared field rules: one file for the pages whose forms or filters
    // validate with the contract's schemas, not preloaded (a report-only user never needs it).
    { name: 'schemas', test: /[\\/](node_modules[\\/]zod|contract[\\/]fields\.ts$)/, priority: 1 },
  ],
};

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // The product names the worker file (docs/product.md); registration is ours (src/app/service-worker.ts).
      filename: 'ngsw-worker.js',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Wallet Back-office',
        short_name: 'Back-office',
        theme_color: '#0f766e',
        background_color: '#f8fafc',
        display: 'standalone',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/rest\//],
        cleanupOutdatedCaches: true,
        // API answers are never cached: balances must always be live.
        runtimeCaching: [],
      },
    }),
    chunkHints({
      storageKey: STORAGE_KEYS.currentUser,
      pages: /[\\/]src[\\/]routes[\\/]PageHost\.tsx$/,
      firstView: /[\\/]src[\\/]routes[\\/](shell[\\/]ShellLayout|HomePage)\.tsx$/,
    }),
    precompress(),
  ],
  server: { proxy: { '/rest': { target: apiTarget, changeOrigin: false } } },
  build: {
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // Every browser of the es2022 target knows modulepreload: no polyfill in /login's code.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: CHUNK_GROUPS } },
  },
});
