/**
 * The kit's primitives are the only way features and routes make their element (docs/design.md):
 * a button is the kit's `Button` or `IconButton`, tabs are the kit's `Tabs`, a menu is the kit's
 * `Menu`, a dialog is one of the kit's dialogs. A hand-made one drifts from the others in looks,
 * focus and keys (a tab list without arrow keys, a menu that Escape does not close). Stories and
 * tests are not part of the app, so they are not read.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appSourceFiles } from './support/app-sources';

const ROOT = resolve(__dirname, '../..');
const FOLDERS = ['src/features', 'src/routes'].map((folder) => join(ROOT, folder));

/** What only the kit may write, with the primitive to use instead. */
const HAND_MADE: [RegExp, string][] = [
  [/<button(?![\w-])/g, 'Button or IconButton (src/ui)'],
  [/role=["'{]+(?:tablist|tab|tabpanel)["'}]/g, 'Tabs (src/ui/Tabs.tsx)'],
  [/role=["'{]+(?:menu|menuitem)["'}]/g, 'Menu (src/ui/DropdownMenu.tsx)'],
  [/from ['"]@radix-ui\/react-(?:dialog|dropdown-menu|tabs|toast)['"]/g, 'the kit primitive built on it'],
];

/**
 * The few hand-made buttons that stay, each for a reason the kit cannot serve: reviewed here so
 * a new one has to be argued for. The sign-in page and the header are on the budgeted first
 * views (docs/performance.md) and style their buttons on the brand ground themselves.
 */
const KEPT_BUTTONS: Record<string, string> = {
  'src/routes/LoginPage.tsx': "the password field's show/hide eye, inside the field, on the budgeted sign-in page",
  'src/routes/PageLoadFailed.tsx': 'loaded with the sign-in page, whose budget cannot carry the kit Button',
  'src/routes/shell/Header.tsx': 'the menu toggle and logout on the brand-coloured header of the first view',
  'src/routes/shell/UserMenuButton.tsx': 'the avatar button on the brand-coloured header, a Radix trigger',
  'src/routes/shell/palette/PaletteLauncher.tsx':
    "the palette's magnifier and shortcut hint on the brand-coloured header",
  'src/routes/shell/SideMenu.tsx':
    "the menu sections' headers, an accordion the first view's frame draws without the kit (decision 061)",
  'src/routes/shell/ShellLayout.tsx': 'the scrim behind the phone menu, a full-screen click target, not an action',
  'src/features/registration/Stepper.tsx': 'the steps of the registration, drawn as numbered pills',
  'src/features/bulk/PreviewRows.tsx': "the preview's row filter, pressed toggles (aria-pressed)",
  'src/features/kyc/UploadDocumentPage.tsx': 'a two-line, full-width list of matching accounts to choose',
};

/** Each hand-made element as `file:line what → primitive`. */
function handMade(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      HAND_MADE.flatMap(([pattern, primitive]) =>
        [...line.matchAll(pattern)].map(([found]) => `${file}:${index + 1} ${found.trim()} → ${primitive}`),
      ),
    );
}

describe('features and routes use the kit primitives', () => {
  it('no file under src/features or src/routes makes a button, tabs, a menu or a dialog by hand', () => {
    const files = FOLDERS.flatMap(appSourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      const path = relative(ROOT, file);
      return handMade(path, readFileSync(file, 'utf8')).filter((f) => !(path in KEPT_BUTTONS && f.includes('<button')));
    });
    expect(found).toEqual([]);
  });

  it('keeps its list of hand-made buttons true: each file listed still has one', () => {
    const stale = Object.keys(KEPT_BUTTONS).filter(
      (path) => !/<button(?![\w-])/.test(readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(stale).toEqual([]);
  });

  it('names the file, the line and the primitive to use, and lets the kit through', () => {
    const text = [
      '<button',
      '  type="button" onClick={go}>',
      '<Button variant="approve">',
      '<div role="tablist" aria-label={title}>',
      "import * as Dialog from '@radix-ui/react-dialog';",
      '<p>the button below</p>',
    ].join('\n');
    expect(handMade('src/features/x/Page.tsx', text)).toEqual([
      'src/features/x/Page.tsx:1 <button → Button or IconButton (src/ui)',
      'src/features/x/Page.tsx:4 role="tablist" → Tabs (src/ui/Tabs.tsx)',
      "src/features/x/Page.tsx:5 from '@radix-ui/react-dialog' → the kit primitive built on it",
    ]);
  });
});
