import { Check, Copy, Download, ListRestart, ShieldOff } from 'lucide-react';
import { Button } from '../../ui/Button';
import { CodeForm } from './CodeForm';
import type { OwnTwoFactorState } from './useOwnTwoFactor';
import type { T } from './two-factor-view';

type StepProps = { state: OwnTwoFactorState; t: T };

/** The set-up: the QR code and the key to type by hand, then the app's first code. */
export function EnrolmentStep({ state, t }: StepProps) {
  const { enrolment, actor, ids, code, setCode, setFocus } = state;
  if (!enrolment) return null;
  return (
    <div className="mt-4 space-y-5">
      <div>
        <h3 ref={setFocus} tabIndex={-1} className="font-medium text-ink outline-none">
          {t('twoFactor.enrol.scanTitle')}
        </h3>
        <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
          <img
            src={enrolment.qrCode}
            alt={t('twoFactor.enrol.qrAlt', { account: enrolment.account, issuer: enrolment.issuer })}
            width={200}
            height={200}
            className="h-[200px] w-[200px] shrink-0 self-center rounded-md border border-line bg-raised sm:self-start"
          />
          <div className="min-w-0 space-y-2 text-sm text-ink">
            <p>{t('twoFactor.enrol.keyIntro')}</p>
            <p>
              <span className="sr-only">{t('twoFactor.enrol.keyLabel')}: </span>
              <code
                className="block break-all rounded-md bg-sunken px-3 py-2 font-mono text-base tracking-wider text-ink"
                data-testid="two-factor-key"
              >
                {enrolment.secret}
              </code>
            </p>
            <p className="text-muted">
              {t('twoFactor.enrol.account', { account: enrolment.account, issuer: enrolment.issuer })}
            </p>
          </div>
        </div>
      </div>
      <CodeForm step="enrol" id={ids.code} code={code} onCode={setCode} actor={actor} t={t} />
    </div>
  );
}

/** The recovery codes, shown this once: copy, download, done. */
export function RecoveryCodesStep({ state, t }: StepProps) {
  const { codes, codesFrom, copied, actor, setFocus } = state;
  if (!codes) return null;
  const renewed = codesFrom === 'regeneration';
  return (
    <div className="mt-4 space-y-4">
      <div role="status" className="rounded-md bg-success-soft p-3 text-sm text-success ring-1 ring-success-line">
        <h3 ref={setFocus} tabIndex={-1} className="font-semibold outline-none">
          {renewed ? t('twoFactor.regenerate.doneTitle') : t('twoFactor.codes.title')}
        </h3>
        <p className="mt-1">{renewed ? t('twoFactor.regenerate.doneIntro') : t('twoFactor.codes.intro')}</p>
      </div>
      <ul
        aria-label={t('twoFactor.codes.listLabel')}
        className="grid grid-cols-1 gap-2 rounded-md bg-surface p-4 font-mono text-base text-ink min-[400px]:grid-cols-2"
        data-testid="recovery-codes"
      >
        {codes.map((c) => (
          <li key={c} className="select-all">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={() => actor.send({ type: 'codes.copy' })}>
          {copied === 'yes' ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
          {t('twoFactor.codes.copy')}
        </Button>
        <Button variant="secondary" onClick={() => actor.send({ type: 'codes.download' })}>
          <Download size={16} aria-hidden />
          {t('twoFactor.codes.download')}
        </Button>
        <Button onClick={() => actor.send({ type: 'codes.done' })}>{t('twoFactor.codes.done')}</Button>
      </div>
      <p aria-live="polite" className="text-sm text-muted">
        {copied === 'yes' ? t('twoFactor.codes.copied') : copied === 'failed' ? t('twoFactor.codes.copyFailed') : ''}
      </p>
    </div>
  );
}

/** On: the recovery codes left, a new set, or turning it off. */
export function TwoFactorOnStep({ state, t }: StepProps) {
  const { status, actor, setFocus } = state;
  if (!status) return null;
  const low = status.recoveryCodesLeft < 3;
  return (
    <div className="mt-4 space-y-4">
      <p className={`text-sm ${low ? 'font-medium text-warning' : 'text-ink'}`}>
        {low
          ? t('twoFactor.own.codesLow', { count: status.recoveryCodesLeft })
          : t('twoFactor.own.codesLeft', { count: status.recoveryCodesLeft })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" ref={setFocus} onClick={() => actor.send({ type: 'regenerate.start' })}>
          <ListRestart size={16} aria-hidden />
          {t('twoFactor.regenerate.start')}
        </Button>
        <Button variant="secondary" onClick={() => actor.send({ type: 'disable.start' })}>
          <ShieldOff size={16} aria-hidden />
          {t('twoFactor.disable.start')}
        </Button>
      </div>
    </div>
  );
}
