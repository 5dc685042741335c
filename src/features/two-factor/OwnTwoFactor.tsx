import { InlineAlert } from '../../ui/InlineAlert';
import { useActorRef, useSelector } from '@xstate/react';
import { Check, Copy, Download, KeyRound, ListRestart, RotateCw, ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { selectUser } from '../../machines/session';
import { saveBlob } from '../../ui/files/save-file';
import { formatDateTime } from '../../ui/values';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../ui/parts';
import { twoFactorEffects } from './two-factor-effects';
import {
  selectBusy,
  selectCodesFrom,
  selectCopied,
  selectEnrolment,
  selectFailure,
  selectRecoveryCodes,
  selectScreen,
  selectStatus,
  twoFactorMachine,
} from './two-factor-machine';
import { copyText } from '../../ui/clipboard';
import { CodeForm } from './CodeForm';
import { type T, TwoFactorCard } from './two-factor-view';

function downloadText(name: string, text: string) {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), name);
}

/** The caller's own two-factor, one screen per state of the machine; each new screen takes focus. */
export function OwnTwoFactor({ t }: { t: T }) {
  const services = useServices();
  const account = useSelector(services.session, selectUser)?.profile.username ?? '';
  const actor = useActorRef(
    twoFactorMachine.provide(twoFactorEffects(services.api, { copy: copyText, download: downloadText })),
    { input: { account } },
  );
  const screen = useSelector(actor, selectScreen);
  const busy = useSelector(actor, selectBusy);
  const status = useSelector(actor, selectStatus);
  const enrolment = useSelector(actor, selectEnrolment);
  const codes = useSelector(actor, selectRecoveryCodes);
  const codesFrom = useSelector(actor, selectCodesFrom);
  const failure = useSelector(actor, selectFailure);
  const copied = useSelector(actor, selectCopied);
  const [code, setCode] = useState('');
  const ids = { title: useId(), code: useId(), status: useId() };
  const focusTarget = useRef<HTMLElement | null>(null);

  // Each new step takes focus, as a new page would; the typed code starts empty there.
  const lastScreen = useRef(screen);
  useEffect(() => {
    if (lastScreen.current === screen) return;
    lastScreen.current = screen;
    setCode('');
    focusTarget.current?.focus();
  }, [screen]);
  // A refused code: the field is emptied for the next one.
  useEffect(() => {
    if (failure && (screen === 'enrolling' || screen === 'disabling' || screen === 'regenerating')) setCode('');
  }, [failure, screen]);

  const setFocus = (el: HTMLElement | null) => {
    focusTarget.current = el;
  };

  return (
    <TwoFactorCard labelledBy={ids.title}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={ids.title} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ShieldCheck size={20} aria-hidden className="text-brand-700" />
          {t('twoFactor.own.title')}
        </h2>
        {status && (
          <p id={ids.status} className="text-sm">
            <span className="sr-only">{t('twoFactor.own.statusLabel')}: </span>
            <span
              className={`rounded-full px-2.5 py-1 font-medium ${status.enabled ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}
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
        <p role="status" className="mt-4 text-slate-500">
          {t('twoFactor.loading')}
        </p>
      )}

      {screen === 'loadFailed' && (
        <div className="mt-4 space-y-3">
          <InlineAlert>
            {t('twoFactor.loadFailed')} {failure}
          </InlineAlert>
          <button type="button" className={SECONDARY_BUTTON} onClick={() => actor.send({ type: 'status.retry' })}>
            <RotateCw size={16} aria-hidden />
            {t('twoFactor.retry')}
          </button>
        </div>
      )}

      {screen === 'off' && (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-slate-700">{t('twoFactor.own.intro')}</p>
          {failure && <InlineAlert>{failure}</InlineAlert>}
          <button
            type="button"
            ref={setFocus}
            className={PRIMARY_BUTTON}
            aria-disabled={busy}
            onClick={() => {
              if (!busy) actor.send({ type: 'enrol.start' });
            }}
          >
            <KeyRound size={16} aria-hidden />
            {busy ? t('twoFactor.own.starting') : t('twoFactor.own.setUp')}
          </button>
        </div>
      )}

      {screen === 'enrolling' && enrolment && (
        <div className="mt-4 space-y-5">
          <div>
            <h3 ref={setFocus} tabIndex={-1} className="font-medium text-slate-900 outline-none">
              {t('twoFactor.enrol.scanTitle')}
            </h3>
            <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
              <img
                src={enrolment.qrCode}
                alt={t('twoFactor.enrol.qrAlt', { account: enrolment.account, issuer: enrolment.issuer })}
                width={200}
                height={200}
                className="h-[200px] w-[200px] shrink-0 self-center rounded-md border border-slate-200 bg-white sm:self-start"
              />
              <div className="min-w-0 space-y-2 text-sm text-slate-700">
                <p>{t('twoFactor.enrol.keyIntro')}</p>
                <p>
                  <span className="sr-only">{t('twoFactor.enrol.keyLabel')}: </span>
                  <code
                    className="block break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-base tracking-wider text-slate-900"
                    data-testid="two-factor-key"
                  >
                    {enrolment.secret}
                  </code>
                </p>
                <p className="text-slate-500">
                  {t('twoFactor.enrol.account', { account: enrolment.account, issuer: enrolment.issuer })}
                </p>
              </div>
            </div>
          </div>
          <CodeForm step="enrol" id={ids.code} code={code} onCode={setCode} actor={actor} t={t} />
        </div>
      )}

      {screen === 'codes' && codes && (
        <div className="mt-4 space-y-4">
          <div role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
            <h3 ref={setFocus} tabIndex={-1} className="font-semibold outline-none">
              {codesFrom === 'regeneration' ? t('twoFactor.regenerate.doneTitle') : t('twoFactor.codes.title')}
            </h3>
            <p className="mt-1">
              {codesFrom === 'regeneration' ? t('twoFactor.regenerate.doneIntro') : t('twoFactor.codes.intro')}
            </p>
          </div>
          <ul
            aria-label={t('twoFactor.codes.listLabel')}
            className="grid grid-cols-1 gap-2 rounded-md bg-slate-50 p-4 font-mono text-base text-slate-900 min-[400px]:grid-cols-2"
            data-testid="recovery-codes"
          >
            {codes.map((c) => (
              <li key={c} className="select-all">
                {c}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className={SECONDARY_BUTTON} onClick={() => actor.send({ type: 'codes.copy' })}>
              {copied === 'yes' ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
              {t('twoFactor.codes.copy')}
            </button>
            <button type="button" className={SECONDARY_BUTTON} onClick={() => actor.send({ type: 'codes.download' })}>
              <Download size={16} aria-hidden />
              {t('twoFactor.codes.download')}
            </button>
            <button type="button" className={PRIMARY_BUTTON} onClick={() => actor.send({ type: 'codes.done' })}>
              {t('twoFactor.codes.done')}
            </button>
          </div>
          <p aria-live="polite" className="text-sm text-slate-600">
            {copied === 'yes'
              ? t('twoFactor.codes.copied')
              : copied === 'failed'
                ? t('twoFactor.codes.copyFailed')
                : ''}
          </p>
        </div>
      )}

      {screen === 'on' && status && (
        <div className="mt-4 space-y-4">
          <p className={`text-sm ${status.recoveryCodesLeft < 3 ? 'font-medium text-amber-800' : 'text-slate-700'}`}>
            {status.recoveryCodesLeft < 3
              ? t('twoFactor.own.codesLow', { count: status.recoveryCodesLeft })
              : t('twoFactor.own.codesLeft', { count: status.recoveryCodesLeft })}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              ref={setFocus}
              className={SECONDARY_BUTTON}
              onClick={() => actor.send({ type: 'regenerate.start' })}
            >
              <ListRestart size={16} aria-hidden />
              {t('twoFactor.regenerate.start')}
            </button>
            <button type="button" className={SECONDARY_BUTTON} onClick={() => actor.send({ type: 'disable.start' })}>
              <ShieldOff size={16} aria-hidden />
              {t('twoFactor.disable.start')}
            </button>
          </div>
        </div>
      )}

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
