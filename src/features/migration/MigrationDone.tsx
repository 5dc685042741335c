import { useSelector } from '@xstate/react';
import type { TFunction } from '../../i18n/translator';
import { Hourglass } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../ui/Button';
import { selectResult } from './migration-machine';
import { kindLabel, type MigrationActor } from './migration-view';
import { MIGRATION_MESSAGES_KEY as K } from './messages';

/** The migration asked for, waiting for a checker, and a way to start another. */
export function MigrationDone({ actor, t }: { actor: MigrationActor; t: TFunction }) {
  const result = useSelector(actor, selectResult);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  if (!result) return null;
  const { migration, wallet } = result;
  return (
    <section
      aria-labelledby="migration-done-title"
      className="space-y-3 rounded-lg border border-success-line bg-raised p-4 shadow-sm sm:p-6"
    >
      <h2
        id="migration-done-title"
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold text-success outline-none"
      >
        <Hourglass size={20} aria-hidden />
        {t(`${K}.done.title`)}
      </h2>
      <p className="text-sm text-ink" data-testid="migration-done">
        {migration.kind === 'phone'
          ? t(`${K}.done.phone`, { number: wallet.number, phone: migration.toValue })
          : t(`${K}.done.type`, { number: wallet.number, type: kindLabel(t, migration.toValue).toLowerCase() })}
      </p>
      <div className="flex justify-end">
        <Button onClick={() => actor.send({ type: 'migration.another' })}>{t(`${K}.done.another`)}</Button>
      </div>
    </section>
  );
}
