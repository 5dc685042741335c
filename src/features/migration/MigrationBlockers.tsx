import type { TFunction } from '../../i18n/translator';
import { TriangleAlert } from 'lucide-react';
import type { MigrationBlocker } from '../../../contract/api/wallet-migrations';
import { MIGRATION_MESSAGES_KEY as K } from './messages';

const blockerText = (t: TFunction, b: MigrationBlocker) => t(`${K}.blockers.${b.code}`, { defaultValue: b.message });

/** Why the wallet cannot be migrated as asked, in words. */
export function MigrationBlockers({
  title,
  blockers,
  t,
}: {
  title: string;
  blockers: MigrationBlocker[];
  t: TFunction;
}) {
  return (
    <div
      role="note"
      className="flex gap-3 rounded-md border border-warning-line bg-warning-soft p-3 text-sm text-warning"
    >
      <TriangleAlert size={18} aria-hidden className="mt-0.5 shrink-0" />
      <div>
        <p className="font-medium">{title}</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {blockers.map((b) => (
            <li key={b.code} data-code={b.code}>
              {blockerText(t, b)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
