import { KeyRound, RotateCw, ShieldCheck } from 'lucide-react';
import { InlineAlert } from '../../ui/InlineAlert';
import { Button } from '../../ui/Button';
import { formatDateTime } from '../../ui/values';
import { CodeForm } from './CodeForm';
import { EnrolmentStep, RecoveryCodesStep, TwoFactorOnStep } from './own-two-factor-steps';
import { type T, TwoFactorCard } from './two-factor-view';
import { useOwnTwoFactor } from './useOwnTwoFactor';

/** The caller's own two-factor, one screen per state of the machine; each new screen takes focus. */
export function OwnTwoFactor({ t }: { t: T }) {
  const state = useOwnTwoFactor();
  const { actor, screen, busy, status, failure, code, setCode, ids, setFocus } = state;

  return (
    <TwoFactorCard labelledBy={ids.title}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={ids.title} className="flex items-center gap-2 text-lg font-semibold text-ink">
          <ShieldCheck size={20} aria-hidden className="text-accent" />
          {t('twoFactor.own.title')}
        </h2>
        {status && (
          <p id={ids.status} className="text-sm">
            <span className="sr-only">{t('twoFactor.own.statusLabel')}: </span>
            <span
              className={`rounded-full px-2.5 py-1 font-medium ${status.enabled ? 'bg-success-soft text-success' : 'bg-sunken text-ink'}`}
              data-testid="two-factor-status"
            >
              {status.enabled && status.enabledAt
                ? t('twoFactor.own.on', { when: formatDateTime(status.enabledAt) })
                : t('twoFactor.own.off')}
            </span>
          </p>
        )}
      </div>

      {screen === 'loading' && (
        <p role="status" className="mt-4 text-muted">
          {t('twoFactor.loading')}
        </p>
      )}

      {screen === 'loadFailed' && (
        <div className="mt-4 space-y-3">
          <InlineAlert>
            {t('twoFactor.loadFailed')} {failure}
          </InlineAlert>
          <Button variant="secondary" onClick={() => actor.send({ type: 'status.retry' })}>
            <RotateCw size={16} aria-hidden />
            {t('twoFactor.retry')}
          </Button>
        </div>
      )}

      {screen === 'off' && (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-ink">{t('twoFactor.own.intro')}</p>
          {failure && <InlineAlert>{failure}</InlineAlert>}
          <Button
            ref={setFocus}
            loading={busy}
            loadingLabel={t('twoFactor.own.starting')}
            onClick={() => actor.send({ type: 'enrol.start' })}
          >
            <KeyRound size={16} aria-hidden />
            {t('twoFactor.own.setUp')}
          </Button>
        </div>
      )}

      {screen === 'enrolling' && <EnrolmentStep state={state} t={t} />}
      {screen === 'codes' && <RecoveryCodesStep state={state} t={t} />}
      {screen === 'on' && <TwoFactorOnStep state={state} t={t} />}

      {(screen === 'regenerating' || screen === 'disabling') && (
        <CodeForm
          step={screen === 'regenerating' ? 'regenerate' : 'disable'}
          id={ids.code}
          code={code}
          onCode={setCode}
          actor={actor}
          t={t}
          inputRef={setFocus}
          className="mt-4 space-y-3"
        />
      )}
    </TwoFactorCard>
  );
}
