import { Eye } from 'lucide-react';
import { useTranslation } from '../i18n/react';
import { isLanguage } from '../i18n';

/**
 * "<name> has this open": someone else is looking at this case or request right now
 * (decision 050), so two people do not work the same item unknowingly. Nothing when nobody is;
 * `compact` in a list's row.
 */
export function HeldByNote({ names, compact = false }: { names: readonly string[]; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  if (names.length === 0) return null;
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const text =
    names.length === 1
      ? t('presence.one', { name: names[0] })
      : t('presence.many', { names: new Intl.ListFormat(lang, { type: 'conjunction' }).format(names) });
  return (
    <p
      role="status"
      data-testid="held-by"
      className={
        compact
          ? 'mt-0.5 flex items-center gap-1 whitespace-normal text-xs font-medium text-accent'
          : 'flex items-center gap-2 rounded-md bg-accent-soft px-3 py-1.5 text-sm text-ink ring-1 ring-line'
      }
    >
      <Eye size={compact ? 14 : 16} aria-hidden className="shrink-0 text-accent" />
      <span>{text}</span>
    </p>
  );
}
