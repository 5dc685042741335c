import { useSelector } from '@xstate/react';
import { Search } from 'lucide-react';
import type { ActorRefFrom } from 'xstate';
import type { QrMerchant } from '../../../contract/api/qr-codes';
import { Button } from '../../ui/Button';
import { Field, INPUT_CLASS } from '../../ui/parts';
import { type generateMachine, selectForm, unpayableReason } from './generate-machine';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The merchant the code will pay, and how to pick another. */
export function ChosenMerchant({
  merchant,
  k,
  onChange,
}: {
  merchant: QrMerchant;
  k: Translate;
  onChange: () => void;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 rounded-md bg-surface p-3">
      <div>
        <p className="text-xs font-medium text-muted">{k('generate.chosen')}</p>
        <p className="font-semibold text-ink" data-testid="chosen-merchant">
          {merchant.name}
        </p>
        <p className="text-sm text-muted tabular-nums">
          {[merchant.number, merchant.phone, merchant.city].filter(Boolean).join(' · ')}
        </p>
      </div>
      <Button variant="secondary" onClick={onChange}>
        {k('generate.change')}
      </Button>
    </div>
  );
}

/** Finding the merchant by number, name or phone, and choosing one that can be paid. */
export function MerchantSearch({
  actor,
  queryId,
  k,
}: {
  actor: ActorRefFrom<typeof generateMachine>;
  queryId: string;
  k: Translate;
}) {
  const context = useSelector(actor, selectForm);
  const searching = useSelector(actor, (s) => s.hasTag('searching'));
  const { merchants, errors } = context;
  return (
    <>
      <Field
        id={queryId}
        label={k('generate.merchant')}
        hint={k('generate.merchantHint')}
        error={errors.query ? k('generate.errors.query') : errors.merchant ? k('generate.errors.merchant') : undefined}
      >
        {(aria) => (
          <div className="flex gap-2">
            <input
              id={queryId}
              type="search"
              value={context.query}
              maxLength={80}
              autoComplete="off"
              onChange={(e) => actor.send({ type: 'query.change', value: e.target.value })}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  actor.send({ type: 'merchant.search' });
                }
              }}
              className={INPUT_CLASS}
              {...aria}
            />
            <Button
              variant="secondary"
              loading={searching}
              loadingLabel={k('generate.finding')}
              onClick={() => actor.send({ type: 'merchant.search' })}
            >
              <Search size={16} aria-hidden />
              {k('generate.find')}
            </Button>
          </div>
        )}
      </Field>
      {context.searchError && (
        <p role="alert" className="text-sm text-danger">
          {context.searchError}
        </p>
      )}
      {merchants && (
        <section aria-label={k('generate.results')}>
          {merchants.length === 0 ? (
            <p className="text-sm text-muted">{k('generate.noMerchant')}</p>
          ) : (
            <ul className="divide-y divide-line rounded-md border border-line">
              {merchants.map((m) => {
                const reason = unpayableReason(m);
                return (
                  <li key={m.number} className="flex flex-wrap items-center justify-between gap-2 p-3">
                    <div className="min-w-0">
                      <p className="font-medium text-ink">{m.name}</p>
                      <p className="text-xs text-muted tabular-nums">
                        {[m.number, m.phone, m.city].filter(Boolean).join(' · ')}
                      </p>
                      {reason && (
                        <p className="text-xs text-warning">
                          {k('generate.notPayable', {
                            reason:
                              reason.kind === 'kyc'
                                ? k('generate.reason.kyc')
                                : k('generate.reason.status', { status: reason.status }),
                          })}
                        </p>
                      )}
                    </div>
                    <Button
                      variant="secondary"
                      disabled={reason !== null}
                      aria-label={k('generate.choose', { name: `${m.name} (${m.number})` })}
                      onClick={() => actor.send({ type: 'merchant.choose', number: m.number })}
                    >
                      {k('generate.chooseButton')}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
