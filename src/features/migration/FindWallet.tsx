import { useSelector } from '@xstate/react';
import type { TFunction } from '../../i18n/translator';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { FailureAlert } from '../../ui/parts';
import { TextField } from '../../ui/form/FormField';
import { selectFailure, selectIsBusy, selectTerm, selectTermInvalid } from './migration-machine';
import { type MigrationActor, migrationFieldId } from './migration-view';
import { MIGRATION_MESSAGES_KEY as K } from './messages';

/** The first step: a wallet looked up by its number or phone. */
export function FindWallet({ actor, t }: { actor: MigrationActor; t: TFunction }) {
  const term = useSelector(actor, selectTerm);
  const invalid = useSelector(actor, selectTermInvalid);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const [text, setText] = useState(term);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (invalid || failure) inputRef.current?.focus();
  }, [invalid, failure]);
  const id = migrationFieldId('term');

  return (
    <form
      noValidate
      aria-labelledby="migration-find-title"
      aria-busy={busy}
      className="space-y-3 rounded-lg border border-line bg-raised p-4 shadow-sm sm:p-6"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        actor.send({ type: 'wallet.find', term: text });
      }}
    >
      <h2 id="migration-find-title" className="text-lg font-semibold text-ink">
        {t(`${K}.find.title`)}
      </h2>
      {failure && <FailureAlert failure={failure} />}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <TextField
            ref={inputRef}
            id={id}
            label={t(`${K}.find.label`)}
            hint={t(`${K}.find.hint`)}
            error={invalid ? t(`${K}.find.invalid`) : undefined}
            autoComplete="off"
            value={text}
            onValue={setText}
          />
        </div>
        <Button type="submit" className="sm:mt-6" loading={busy} loadingLabel={t(`${K}.find.searching`)}>
          <Search size={16} aria-hidden />
          {t(`${K}.find.button`)}
        </Button>
      </div>
    </form>
  );
}
