/** The editing screen of a transfer: the fields its flow asks for, checked in place. */
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ActorRefFrom } from 'xstate';
import { normaliseSenegalMobile } from '../../../contract/senegal-mobile';
import type { TransferOptions } from '../../../contract/api/transfers';
import type { TransferFlowDef } from '../../../contract/transfers';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { FailureAlert, Field, INPUT_CLASS, PartyText, PRIMARY_BUTTON } from '../../ui/parts';
import { PartyOrTill } from './MoneyFacts';
import {
  AMOUNT_MAX,
  AMOUNT_MIN,
  FIELD_NAMES,
  type FieldError,
  type FieldName,
  NOTE_MAX_LENGTH,
  needsSource,
  parseAmount,
} from './transfer-form';
import {
  selectErrors,
  selectFailure,
  selectFlow,
  selectForm,
  selectIsQuoting,
  selectOptions,
  selectRules,
  type transferFlowMachine,
} from './transfer-flow-machine';

type TransferActor = ActorRefFrom<typeof transferFlowMachine>;

const fieldId = (field: FieldName) => `transfer-${field}`;

export function TransferForm({
  actor,
  lang,
  focusOnMount,
}: {
  actor: TransferActor;
  lang: Language;
  focusOnMount: boolean;
}) {
  const { t } = useTranslation();
  const flow = useSelector(actor, selectFlow);
  const options = useSelector(actor, selectOptions);
  const rules = useSelector(actor, selectRules);
  const form = useSelector(actor, selectForm);
  const errors = useSelector(actor, selectErrors);
  const failure = useSelector(actor, selectFailure);
  const quoting = useSelector(actor, selectIsQuoting);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const focusOnArrival = useRef(focusOnMount);

  // A refusal takes focus wherever it appears; otherwise a form come back from review does.
  useEffect(() => {
    if (failure) alertRef.current?.focus();
    else if (focusOnArrival.current) headingRef.current?.focus();
    focusOnArrival.current = false;
  }, [failure]);

  // The server said the code is not the customer's: the teller retypes it, so it takes the focus.
  const codeWrong = errors.withdrawalCode === 'codeWrong';
  useEffect(() => {
    if (codeWrong) document.getElementById(fieldId('withdrawalCode'))?.focus();
  }, [codeWrong]);

  const xof = (n: number) => formatXof(n, lang);
  const change = (field: FieldName) => (value: string) => actor.send({ type: 'form.change', field, value });
  const errorText = (field: FieldName, error: FieldError | undefined) =>
    error
      ? t(`transfers.errors.${error}`, {
          min: xof(AMOUNT_MIN),
          max: field === 'note' ? NOTE_MAX_LENGTH : xof(AMOUNT_MAX),
        })
      : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
    const shown = actor.getSnapshot().context.errors;
    const first = FIELD_NAMES.find((f) => shown[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  const parsed = parseAmount(form.amount);
  const amountHint =
    'amount' in parsed
      ? t('transfers.amountReads', { amount: xof(parsed.amount) })
      : t('transfers.amountHint', { min: xof(AMOUNT_MIN), max: xof(AMOUNT_MAX) });

  return (
    <form noValidate onSubmit={submit} aria-busy={quoting} className="space-y-5" aria-labelledby="transfer-form-title">
      <h2
        id="transfer-form-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 outline-none"
      >
        {t('transfers.details')}
      </h2>
      {options?.ownAccount && <OwnAccount options={options} lang={lang} />}
      {failure && <FailureAlert ref={alertRef} failure={failure} />}

      <div className="grid gap-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {needsSource(flow, rules) && (
          <Field
            id={fieldId('source')}
            label={t(sourceLabelKey(flow))}
            hint={rules.sourceChoices.length === 0 ? t('transfers.source.noPartners') : undefined}
            error={errorText('source', errors.source)}
          >
            {(aria) => (
              <select
                id={fieldId('source')}
                value={form.source}
                onChange={(e) => change('source')(e.target.value)}
                className={INPUT_CLASS}
                {...aria}
              >
                <option value="">{t('transfers.source.choose')}</option>
                {rules.sourceChoices.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}

        <CounterpartyField
          flow={flow}
          options={options}
          value={form.counterparty}
          error={errorText('counterparty', errors.counterparty)}
          onChange={change('counterparty')}
        />

        <Field
          id={fieldId('amount')}
          label={t('transfers.amount')}
          hint={amountHint}
          error={errorText('amount', errors.amount)}
        >
          {(aria) => (
            <input
              id={fieldId('amount')}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={form.amount}
              onChange={(e) => change('amount')(e.target.value)}
              className={`${INPUT_CLASS} tabular-nums`}
              {...aria}
            />
          )}
        </Field>

        {flow.needsWithdrawalCode && (
          <Field
            id={fieldId('withdrawalCode')}
            label={t('transfers.withdrawalCode')}
            hint={t('transfers.withdrawalCodeHint')}
            error={errorText('withdrawalCode', errors.withdrawalCode)}
          >
            {(aria) => (
              <input
                id={fieldId('withdrawalCode')}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                maxLength={7}
                value={form.withdrawalCode}
                onChange={(e) => change('withdrawalCode')(e.target.value)}
                className={`${INPUT_CLASS} max-w-40 tracking-widest tabular-nums`}
                {...aria}
              />
            )}
          </Field>
        )}

        <Field id={fieldId('note')} label={t('transfers.note')} optional error={errorText('note', errors.note)}>
          {(aria) => (
            <input
              id={fieldId('note')}
              type="text"
              maxLength={NOTE_MAX_LENGTH}
              value={form.note}
              onChange={(e) => change('note')(e.target.value)}
              className={INPUT_CLASS}
              {...aria}
            />
          )}
        </Field>

        <ApprovalNotice flow={flow} options={options} lang={lang} />
      </div>

      <div className="flex justify-end">
        <button type="submit" className={PRIMARY_BUTTON} aria-disabled={quoting || undefined}>
          {quoting ? t('transfers.checking') : t('transfers.review')}
        </button>
      </div>
    </form>
  );
}

function sourceLabelKey(flow: TransferFlowDef) {
  if (flow.source === 'partner') return 'transfers.source.partner';
  // Cash-out debits the customer: the bank picked is the one whose float receives the cash.
  return flow.source === 'counterparty' ? 'transfers.source.bankReceiving' : 'transfers.source.bankFloat';
}

function CounterpartyField({
  flow,
  options,
  value,
  error,
  onChange,
}: {
  flow: TransferFlowDef;
  options: TransferOptions | null;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = fieldId('counterparty');
  const listed = options?.counterparties ?? [];

  if (flow.counterparty === 'parentAccount') {
    const parent = listed[0];
    return (
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-slate-800">{t('transfers.counterparty.parent')}</span>
        <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm" data-testid="transfer-parent">
          {parent ? <PartyText party={parent} /> : t('transfers.counterparty.noParent')}
        </p>
      </div>
    );
  }

  if (flow.counterparty === 'childAccount') {
    return (
      <Field
        id={id}
        label={t('transfers.counterparty.child')}
        hint={listed.length === 0 ? t('transfers.counterparty.noChildren') : undefined}
        error={error}
      >
        {(aria) => (
          <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={INPUT_CLASS} {...aria}>
            <option value="">{t('transfers.counterparty.choose')}</option>
            {listed.map((p) => (
              <option key={p.number} value={p.number}>
                {p.name} ({p.number})
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  }

  // A wallet debited (cash-out, e-money destroy) belongs to the customer at the counter.
  const label =
    flow.source === 'counterparty' ? t('transfers.counterparty.customer') : t('transfers.counterparty.beneficiary');
  return (
    <Field id={id} label={label} hint={t('transfers.counterparty.walletHint')} error={error}>
      {(aria) => (
        <input
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          // However the phone was typed, the user sees it as it will be looked up and written.
          onBlur={() => {
            const phone = normaliseSenegalMobile(value);
            if (phone && phone !== value) onChange(phone);
          }}
          className={`${INPUT_CLASS} tabular-nums`}
          {...aria}
        />
      )}
    </Field>
  );
}

function OwnAccount({ options, lang }: { options: TransferOptions; lang: Language }) {
  const { t } = useTranslation();
  const own = options.ownAccount;
  if (!own) return null;
  return (
    <section
      aria-label={t('transfers.yourAccount')}
      className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg border border-brand-100 bg-brand-50 p-4"
    >
      <p className="text-sm">
        <span className="block text-xs font-medium tracking-wide text-slate-600 uppercase">
          {t('transfers.yourAccount')}
        </span>
        <PartyOrTill party={own} />
      </p>
      {own.balance !== undefined && (
        <p className="text-right">
          <span className="block text-xs font-medium tracking-wide text-slate-600 uppercase">
            {t('transfers.yourBalance')}
          </span>
          <span className="text-xl font-semibold text-brand-900 tabular-nums" data-testid="own-balance">
            {formatXof(own.balance, lang)}
          </span>
        </p>
      )}
    </section>
  );
}

function ApprovalNotice({
  flow,
  options,
  lang,
}: {
  flow: TransferFlowDef;
  options: TransferOptions | null;
  lang: Language;
}) {
  const { t } = useTranslation();
  const text = flow.alwaysNeedsApproval
    ? t('transfers.approval.always')
    : options
      ? t('transfers.approval.above', { threshold: formatXof(options.approvalThreshold, lang) })
      : null;
  return text ? <p className="text-sm text-slate-600">{text}</p> : null;
}
