/**
 * The command palette (its own chunk, fetched on first open): a dialog with one combobox that
 * finds the pages of the user's menu by their English or French name, lists the recent pages
 * while nothing is typed, and the people and transactions the API finds (GET search). Arrows
 * move, Enter opens, Escape closes and gives focus back to where it was.
 */
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import clsx from 'clsx';
import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { MenuSection } from '../../../contract/navigation/types';
import { useServices } from '../../app/ServicesContext';
import { usePageMessages } from '../../i18n/page-messages';
import { isLanguage } from '../../i18n/languages';
import {
  paletteMachine,
  selectPaletteActive,
  selectPaletteBusy,
  selectPaletteFailed,
  selectPaletteOpen,
  selectPalettePeople,
  selectPaletteText,
} from '../../machines/palette';
import { selectUser } from '../../machines/session';
import { accountPath, transactionPath } from '../../ui/detail-links';
import { TopDialog } from '../../ui/TopDialog';
import { searchMatches } from '../shell/header-search-api';
import { menuPages } from '../shell/menu-search';
import { recentPages } from '../shell/use-recent-pages';
import { useDetailCanOpen } from '../shell/use-detail-can-open';
import { COMMAND_PALETTE_MESSAGES_KEY, commandPaletteMessages } from './messages';
import { paletteGroups } from './palette-options';

export default function CommandPalette({
  sections,
  opens,
}: {
  sections: readonly MenuSection[];
  /** Goes up each time the user asks for the palette (shortcut or button); 0 never opens it. */
  opens: number;
}) {
  const { t, i18n } = usePageMessages(COMMAND_PALETTE_MESSAGES_KEY, commandPaletteMessages);
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const { api, session } = useServices();
  const navigate = useNavigate();
  const userId = useSelector(session, selectUser)?.profile.id;
  const canOpen = useDetailCanOpen(sections);
  const searchesPeople = [transactionPath('-'), accountPath('-')].some(canOpen);
  // A chosen page takes focus to its heading (use-route-focus); closing without a choice gives
  // focus back to where it was (the kit's TopDialog has no trigger to give it to).
  const chose = useRef(false);
  const returnTo = useRef<HTMLElement | null>(null);
  const actor = useActorRef(
    paletteMachine.provide({
      actors: { search: fromPromise(({ input: { text }, signal }) => searchMatches(api, text, signal)) },
      actions: {
        openPath: (_, { path }) => {
          chose.current = true;
          void navigate({ to: path });
        },
      },
    }),
    { input: { searchesPeople } },
  );
  useEffect(() => {
    if (opens === 0) return;
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    actor.send({ type: 'palette.open' });
  }, [opens, actor]);

  const open = useSelector(actor, selectPaletteOpen);
  const text = useSelector(actor, selectPaletteText);
  const active = useSelector(actor, selectPaletteActive);
  const people = useSelector(actor, selectPalettePeople);
  const busy = useSelector(actor, selectPaletteBusy);
  const failed = useSelector(actor, selectPaletteFailed);
  const pages = useMemo(() => menuPages(sections), [sections]);
  // Read at each render, not kept: the page the user just left is already the newest.
  const recent = userId === undefined ? [] : recentPages().read(userId);
  const groups = paletteGroups({ text, pages, recent, people, canOpen, lang });
  const options = groups.flatMap((group) => group.options);
  const activeOption = options[Math.min(active, options.length - 1)];

  const baseId = useId();
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const activeIndex = activeOption ? options.indexOf(activeOption) : -1;
  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  const choose = (path: string) => actor.send({ type: 'palette.choose', path });
  const status = busy
    ? t('commandPalette.searching')
    : failed
      ? t('commandPalette.failed')
      : !text.trim()
        ? groups.length === 0
          ? t(searchesPeople ? 'commandPalette.typeMore' : 'commandPalette.typeMorePages')
          : ''
        : options.length === 0
          ? t('commandPalette.none')
          : '';

  let index = -1;
  return (
    <TopDialog
      open={open}
      onClose={() => actor.send({ type: 'palette.close' })}
      title={t('commandPalette.title')}
      description={t('commandPalette.description')}
      onOpen={() => {
        chose.current = false;
      }}
      returnFocus={() => (chose.current ? null : returnTo.current)}
    >
      <label className="flex items-center gap-2 border-b border-line px-3">
        <Search size={18} aria-hidden className="shrink-0 text-muted" />
        <span className="sr-only">{t('commandPalette.input')}</span>
        <input
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={text}
          placeholder={t('commandPalette.placeholder')}
          onChange={(e) => actor.send({ type: 'palette.type', text: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              actor.send({ type: 'palette.move', by: e.key === 'ArrowDown' ? 1 : -1, count: options.length });
            }
            if (e.key === 'Enter' && activeOption) {
              e.preventDefault();
              choose(activeOption.path);
            }
          }}
          className="min-w-0 flex-1 bg-transparent py-3 text-base text-ink placeholder:text-muted focus:outline-none"
        />
      </label>
      <div className="overflow-y-auto p-2">
        <p aria-live="polite" className={clsx('text-sm', failed ? 'text-danger' : 'text-muted', status && 'p-2')}>
          {status}
        </p>
        <div id={listId} role="listbox" aria-label={t('commandPalette.results')}>
          {groups.map((group) => (
            // A fieldset is a form's group, not a listbox's: ARIA's combobox pattern groups options so.
            // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role="group".
            <div key={group.key} role="group" aria-labelledby={`${baseId}-${group.key}`} className="mb-1">
              <div
                id={`${baseId}-${group.key}`}
                role="presentation"
                className="px-2 pt-2 pb-1 text-xs font-semibold text-muted uppercase"
              >
                {t(`commandPalette.${group.key}`)}
              </div>
              {group.options.map((option) => {
                index += 1;
                const selected = index === activeIndex;
                return (
                  // The input keeps focus and answers the keys (aria-activedescendant); a
                  // click on an option is the pointer's way to choose it.
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys.
                  <div
                    key={`${group.key}:${option.path}`}
                    id={optionId(index)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={selected}
                    onClick={() => choose(option.path)}
                    onMouseDown={(e) => e.preventDefault()}
                    className={clsx(
                      'flex cursor-pointer flex-wrap items-baseline justify-between gap-x-3 rounded-md px-2 py-2 text-sm',
                      selected ? 'bg-accent-soft text-accent-strong' : 'text-ink hover:bg-sunken',
                    )}
                  >
                    <span className="font-medium">{option.label}</span>
                    <span className="text-xs text-muted tabular-nums">{option.detail}</span>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </TopDialog>
  );
}
