/** The editing screen of a transfer: the fields its flow asks for, checked in place. */
import { useTranslation } from '../../i18n/react';
import type { TransferFlowDef } from '../../../contract/transfers';
import type { Language } from '../../i18n';
import { Button } from '../../ui/Button';
import { FailureAlert, INPUT_CLASS } from '../../ui/parts';
import { SelectField, TextField } from '../../ui/form/FormField';
import { CounterpartyField } from './CounterpartyField';
import { ApprovalNotice, OwnAccount } from './TransferFormNotices';
import { NOTE_MAX_LENGTH, needsSource } from './transfer-form';
import { type TransferActor, useTransferForm } from './useTransferForm';

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
  const { flow, options, rules, failure, quoting, headingRef, alertRef, field, submit, amountHint } = useTransferForm(
    actor,
    lang,
    focusOnMount,
  );
  return (
    <form noValidate onSubmit={submit} aria-busy={quoting} className="space-y-5" aria-labelledby="transfer-form-title">
      <h2
        id="transfer-form-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-ink outline-none"
      >
        {t('transfers.details')}
      </h2>
      {options?.ownAccount && <OwnAccount options={options} lang={lang} />}
      {failure && <FailureAlert ref={alertRef} failure={failure} />}

      <div className="grid gap-5 rounded-lg border border-line bg-raised p-4 shadow-sm sm:p-6">
        {needsSource(flow, rules) && (
          <SelectField
            {...field('source')}
            label={t(sourceLabelKey(flow))}
            hint={rules.sourceChoices.length === 0 ? t('transfers.source.noPartners') : undefined}
          >
            <option value="">{t('transfers.source.choose')}</option>
            {rules.sourceChoices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </SelectField>
        )}

        <CounterpartyField flow={flow} options={options} {...field('counterparty')} />

        <TextField
          {...field('amount')}
          label={t('transfers.amount')}
          hint={amountHint}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className={`${INPUT_CLASS} tabular-nums`}
        />

        {flow.needsWithdrawalCode && (
          <TextField
            {...field('withdrawalCode')}
            label={t('transfers.withdrawalCode')}
            hint={t('transfers.withdrawalCodeHint')}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={7}
            className={`${INPUT_CLASS} max-w-40 tracking-widest tabular-nums`}
          />
        )}

        <TextField {...field('note')} label={t('transfers.note')} optional type="text" maxLength={NOTE_MAX_LENGTH} />

        <ApprovalNotice flow={flow} options={options} lang={lang} />
      </div>

      <div className="flex justify-end">
        <Button type="submit" loading={quoting} loadingLabel={t('transfers.checking')}>
          {t('transfers.review')}
        </Button>
      </div>
    </form>
  );
}

function sourceLabelKey(flow: TransferFlowDef) {
  if (flow.source === 'partner') return 'transfers.source.partner';
  // Cash-out debits the customer: the bank picked is the one whose float receives the cash.
  return flow.source === 'counterparty' ? 'transfers.source.bankReceiving' : 'transfers.source.bankFloat';
}
