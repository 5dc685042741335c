import { useTranslation } from '../../i18n/react';
import { normaliseSenegalMobile } from '../../../contract/senegal-mobile';
import type { TransferOptions } from '../../../contract/api/transfers';
import type { TransferFlowDef } from '../../../contract/transfers';
import { SelectField, TextField } from '../../ui/form/FormField';
import { INPUT_CLASS, PartyText } from '../../ui/parts';

/** Who the money goes to or comes from, as the flow names them: the parent, a child, or a wallet by phone. */
export function CounterpartyField({
  flow,
  options,
  id,
  value,
  error,
  onValue,
}: {
  flow: TransferFlowDef;
  options: TransferOptions | null;
  id: string;
  value: string;
  error: string | undefined;
  onValue: (value: string) => void;
}) {
  const { t } = useTranslation();
  const listed = options?.counterparties ?? [];

  if (flow.counterparty === 'parentAccount') {
    const parent = listed[0];
    return (
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-ink">{t('transfers.counterparty.parent')}</span>
        <p className="rounded-md border border-line bg-surface px-3 py-2 text-sm" data-testid="transfer-parent">
          {parent ? <PartyText party={parent} /> : t('transfers.counterparty.noParent')}
        </p>
      </div>
    );
  }

  if (flow.counterparty === 'childAccount') {
    return (
      <SelectField
        id={id}
        label={t('transfers.counterparty.child')}
        hint={listed.length === 0 ? t('transfers.counterparty.noChildren') : undefined}
        error={error}
        value={value}
        onValue={onValue}
      >
        <option value="">{t('transfers.counterparty.choose')}</option>
        {listed.map((p) => (
          <option key={p.number} value={p.number}>
            {p.name} ({p.number})
          </option>
        ))}
      </SelectField>
    );
  }

  // A wallet debited (cash-out, e-money destroy) belongs to the customer at the counter.
  const label =
    flow.source === 'counterparty' ? t('transfers.counterparty.customer') : t('transfers.counterparty.beneficiary');
  return (
    <TextField
      id={id}
      label={label}
      hint={t('transfers.counterparty.walletHint')}
      error={error}
      type="text"
      // Counter staff type a phone far more often than an account number: the number pad first.
      inputMode="tel"
      autoComplete="off"
      spellCheck={false}
      value={value}
      onValue={onValue}
      // However the phone was typed, the user sees it as it will be looked up and written.
      onBlur={() => {
        const phone = normaliseSenegalMobile(value);
        if (phone && phone !== value) onValue(phone);
      }}
      className={`${INPUT_CLASS} tabular-nums`}
    />
  );
}
