import { useSelector } from '@xstate/react';
import type { TFunction } from '../../i18n/translator';
import { CircleCheck, Search, TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ChargebackLookup } from '../../../contract/api/chargebacks';
import type { Language } from '../../i18n';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/form/FormField';
import { FailureAlert, INPUT_CLASS } from '../../ui/parts';
import { ReasonField } from '../../ui/list/ConfirmDialog';
import {
  type askMachine,
  selectCreated,
  selectFailure,
  selectIsBusy,
  selectLookup,
  selectReason,
  selectReasonInvalid,
  selectReference,
  selectReferenceInvalid,
} from './ask-machine';
import { CHARGEBACK_MESSAGES_KEY as K } from './messages';
import { PostingsTable } from './PostingsTable';
import { TransactionFacts } from './TransactionFacts';
import { REASON_MIN } from '../../../contract/reasons';

type AskActor = ActorRefFrom<typeof askMachine>;

/** The maker's side: a transaction found by its reference, then the chargeback asked for with a reason. */
export function AskPanel({ actor, t, lang }: { actor: AskActor; t: TFunction; lang: Language }) {
  const reference = useSelector(actor, selectReference);
  const referenceInvalid = useSelector(actor, selectReferenceInvalid);
  const lookup = useSelector(actor, selectLookup);
  const failure = useSelector(actor, selectFailure);
  const created = useSelector(actor, selectCreated);
  const busy = useSelector(actor, selectIsBusy);
  const [text, setText] = useState(reference);
  const inputRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (referenceInvalid) inputRef.current?.focus();
  }, [referenceInvalid]);
  useEffect(() => {
    if (created) doneRef.current?.focus();
  }, [created]);
  useEffect(() => {
    if (!created && reference === '') setText('');
  }, [created, reference]);

  return (
    <section
      aria-labelledby="chargeback-ask-title"
      className="max-w-3xl space-y-4 rounded-lg border border-line bg-raised p-4 shadow-sm sm:p-6"
    >
      <h2 id="chargeback-ask-title" className="text-lg font-semibold text-ink">
        {t(`${K}.ask.title`)}
      </h2>
      <form
        noValidate
        aria-busy={busy}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          actor.send({ type: 'reference.lookup', reference: text });
        }}
      >
        <div className="flex-1">
          <TextField
            ref={inputRef}
            id="chargeback-reference"
            label={t(`${K}.ask.reference`)}
            hint={t(`${K}.ask.referenceHint`)}
            error={referenceInvalid ? t(`${K}.ask.referenceInvalid`) : undefined}
            autoComplete="off"
            spellCheck={false}
            value={text}
            onValue={setText}
            className={`${INPUT_CLASS} uppercase`}
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          className="sm:mt-6"
          aria-disabled={busy || undefined}
          loading={busy && !lookup}
          loadingLabel={t(`${K}.ask.finding`)}
        >
          <Search size={16} aria-hidden />
          {t(`${K}.ask.find`)}
        </Button>
      </form>
      {failure && <FailureAlert failure={failure} />}

      {created && (
        <div className="space-y-3 rounded-md border border-success-line bg-success-soft p-3">
          <p
            ref={doneRef}
            tabIndex={-1}
            role="status"
            className="flex items-center gap-2 text-sm font-medium text-success outline-none"
          >
            <CircleCheck size={18} aria-hidden />
            {t(`${K}.ask.done`, { reference: created.original.reference })}
          </p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'ask.reset' })}>
            {t(`${K}.ask.another`)}
          </Button>
        </div>
      )}

      {lookup && <FoundTransaction actor={actor} lookup={lookup} t={t} lang={lang} />}
    </section>
  );
}

/** The transaction found, and the reason to ask for its chargeback (or why it cannot be). */
function FoundTransaction({
  actor,
  lookup,
  t,
  lang,
}: {
  actor: AskActor;
  lookup: ChargebackLookup;
  t: TFunction;
  lang: Language;
}) {
  const reason = useSelector(actor, selectReason);
  const reasonInvalid = useSelector(actor, selectReasonInvalid);
  const busy = useSelector(actor, selectIsBusy);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const refusal = lookup.refusal;
  return (
    <div className="space-y-4" data-testid="chargeback-transaction">
      <h3 className="font-semibold text-ink">{t(`${K}.tx.title`, { reference: lookup.transaction.reference })}</h3>
      <TransactionFacts tx={lookup.transaction} t={t} lang={lang} />
      {lookup.transaction.postings.length > 0 && <PostingsTable tx={lookup.transaction} t={t} lang={lang} />}
      {refusal ? (
        <div
          role="alert"
          className="flex gap-3 rounded-md border border-warning-line bg-warning-soft p-3 text-sm text-warning"
        >
          <TriangleAlert size={18} aria-hidden className="mt-0.5 shrink-0" />
          <p>{t(`${K}.refusals.${refusal.code}`, { defaultValue: refusal.message })}</p>
        </div>
      ) : (
        <form
          noValidate
          className="space-y-3"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            actor.send({ type: 'chargeback.submit' });
            if (actor.getSnapshot().context.reasonInvalid) reasonRef.current?.focus();
          }}
        >
          <ReasonField
            ref={reasonRef}
            id="chargeback-reason"
            label={t(`${K}.ask.reason`)}
            hint={t(`${K}.ask.reasonHint`, { min: REASON_MIN })}
            error={reasonInvalid ? t(`${K}.ask.reasonProblem`, { min: REASON_MIN }) : undefined}
            value={reason}
            onValue={(text) => actor.send({ type: 'reason.change', reason: text })}
          />
          <div className="flex justify-end">
            <Button type="submit" loading={busy} loadingLabel={t(`${K}.ask.submitting`)}>
              {t(`${K}.ask.submit`)}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
