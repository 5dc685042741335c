/**
 * The header's button for the command palette and its shortcuts: Ctrl+K (⌘K on a Mac) anywhere,
 * `/` when the user is not typing in a field. The palette's code comes with its first opening.
 */
import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { MenuSection } from '../../../../contract/navigation/types';
import { usePageMessages } from '../../../i18n/page-messages';
import { PALETTE_MESSAGES_KEY, paletteMessages } from './messages';

const CommandPalette = lazy(() => import('../../command-palette/CommandPalette'));

/** A key press meant for a field is not the `/` shortcut. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const isApple = () => /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '');

export function PaletteLauncher({ sections }: { sections: readonly MenuSection[] }) {
  const { t } = usePageMessages(PALETTE_MESSAGES_KEY, paletteMessages);
  const [opens, setOpens] = useState(0);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const commandK = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey;
      const slash =
        event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.target);
      if (!commandK && !slash) return;
      // Before the page's own listeners: the palette answers these keys for every page.
      event.preventDefault();
      event.stopPropagation();
      setOpens((n) => n + 1);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpens((n) => n + 1)}
        aria-keyshortcuts={isApple() ? 'Meta+K /' : 'Control+K /'}
        className="flex min-h-10 min-w-10 shrink-0 items-center justify-center gap-2 rounded-md px-2 text-sm hover:bg-brand-50/10"
      >
        <Search size={18} aria-hidden />
        <span className="sr-only">{t('palette.open')}</span>
        <kbd
          aria-hidden
          className="hidden rounded border border-brand-50/30 px-1.5 py-0.5 font-sans text-xs text-brand-50/80 lg:inline"
        >
          {isApple() ? '⌘ K' : 'Ctrl K'}
        </kbd>
      </button>
      {opens > 0 && (
        <Suspense fallback={null}>
          <CommandPalette sections={sections} opens={opens} />
        </Suspense>
      )}
    </>
  );
}
