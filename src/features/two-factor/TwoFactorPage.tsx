/**
 * /two-factor (issue 9): the caller's own two-step verification (set up with a QR code or a
 * key typed by hand, confirmed with a first code, ten recovery codes shown once, turned off
 * with a code), and an admin's reset of another user's. This is where the machines get their
 * effects: the API, the clipboard and the file download.
 */
import { InlineAlert } from '../../ui/InlineAlert';
import { useActorRef, useSelector } from '@xstate/react';
import {
  Check,
  Copy,
  Download,
  KeyRound,
  ListRestart,
  RotateCw,
  ShieldCheck,
  ShieldOff,
  UserSearch,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useServices } from '../../app/ServicesContext';
import { selectUser } from '../../machines/session';
import { usePageMessages } from '../../i18n/page-messages';
import { saveBlob } from '../../ui/files/save-file';
import { formatDateTime } from '../../ui/values';
import { PageFrame } from '../../routes/PageFrame';
import { INPUT_CLASS, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../ui/parts';
import { TextField } from '../../ui/form/FormField';
import {
  adminResetMachine,
  selectConfirming,
  selectResetBusy,
  selectResetDone,
  selectResetFailure,
  selectTarget,
  selectUsernameMissing,
} from './admin-reset-machine';
import { twoFactorMessages } from './messages';
import { adminResetEffects, twoFactorEffects } from './two-factor-effects';
import {
  type CodeProblem,
  selectBusy,
  selectCodeProblem,
  selectCodesFrom,
  selectCopied,
  selectEnrolment,
  selectFailure,
  selectRecoveryCodes,
  selectScreen,
  selectStatus,
  twoFactorMachine,
} from './two-factor-machine';
import type { HostedPageProps } from '../../ui/hosted-page';

type T = ReturnType<typeof usePageMessages>['t'];

export default function TwoFactorPage({ title }: HostedPageProps) {
  const { t } = usePageMessages('twoFactor', twoFactorMessages);
  return (
    <PageFrame title={title}>
      <div className="mx-auto max-w-3xl space-y-6">
        <OwnTwoFactor t={t} />
        <AdminReset t={t} />
      </div>
    </PageFrame>
  );
}

function Card({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <section aria-labelledby={labelledBy} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {children}
    </section>
  );
}

const problemText = (t: T, problem: CodeProblem | null, anyCode: boolean) =>
  problem === 'required'
    ? t('twoFactor.problems.required')
    : problem === 'format'
      ? t(anyCode ? 'twoFactor.problems.formatAny' : 'twoFactor.problems.format')
      : undefined;

async function copyText(text: string) {
  if (!navigator.clipboard) throw new Error('No clipboard');
  await navigator.clipboard.writeText(text);
}

type TwoFactorActor = ActorRefFrom<typeof twoFactorMachine>;

/** What differs between the steps that ask for one code: turning on, turning off, and new recovery codes. */
const CODE_STEPS = {
  enrol: {
    title: 'twoFactor.enrol.confirmTitle',
    intro: null,
    label: 'twoFactor.enrol.code',
    anyCode: false,
    icon: ShieldCheck,
    submit: 'twoFactor.enrol.turnOn',
    working: 'twoFactor.enrol.turningOn',
    cancel: 'twoFactor.enrol.cancel',
    input: { inputMode: 'numeric', maxLength: 12 },
  },
  disable: {
    title: 'twoFactor.disable.title',
    intro: 'twoFactor.disable.intro',
    label: 'twoFactor.disable.code',
    anyCode: true,
    icon: ShieldOff,
    submit: 'twoFactor.disable.confirm',
    working: 'twoFactor.disable.sending',
    cancel: 'twoFactor.disable.cancel',
    input: { autoCapitalize: 'none', spellCheck: false, maxLength: 32 },
  },
  regenerate: {
    title: 'twoFactor.regenerate.title',
    intro: 'twoFactor.regenerate.intro',
    label: 'twoFactor.regenerate.code',
    anyCode: true,
    icon: ListRestart,
    submit: 'twoFactor.regenerate.confirm',
    working: 'twoFactor.regenerate.sending',
    cancel: 'twoFactor.regenerate.cancel',
    input: { autoCapitalize: 'none', spellCheck: false, maxLength: 32 },
  },
} as const;

/** A step that asks for one code: its title, the refusal if any, the code field, submit and cancel. */
function CodeForm({
  step,
  id,
  code,
  onCode,
  actor,
  t,
  inputRef,
  className = 'space-y-3',
}: {
  step: keyof typeof CODE_STEPS;
  id: string;
  code: string;
  onCode: (code: string) => void;
  actor: TwoFactorActor;
  t: T;
  inputRef?: (el: HTMLInputElement | null) => void;
  className?: string;
}) {
  const busy = useSelector(actor, selectBusy);
  const failure = useSelector(actor, selectFailure);
  const problem = useSelector(actor, selectCodeProblem);
  const { icon: Icon, ...texts } = CODE_STEPS[step];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: `${step}.confirm`, code });
      }}
      className={className}
      aria-busy={busy}
    >
      <h3 className="font-medium text-slate-900">{t(texts.title)}</h3>
      {texts.intro && <p className="text-sm text-slate-700">{t(texts.intro)}</p>}
      {failure && <InlineAlert>{failure}</InlineAlert>}
      <div className="max-w-xs">
        <TextField
          id={id}
          ref={inputRef}
          label={t(texts.label)}
          error={problemText(t, problem, texts.anyCode)}
          value={code}
          onValue={onCode}
          autoComplete="one-time-code"
          {...texts.input}
          className={`${INPUT_CLASS} tracking-widest tabular-nums`}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={PRIMARY_BUTTON} aria-disabled={busy}>
          <Icon size={16} aria-hidden />
          {busy ? t(texts.working) : t(texts.submit)}
        </button>
        <button
          type="button"
          className={SECONDARY_BUTTON}
          disabled={busy}
          onClick={() => actor.send({ type: `${step}.cancel` })}
        >
          {t(texts.cancel)}
        </button>
      </div>
    </form>
  );
}

function downloadText(name: string, text: string) {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), name);
}

function OwnTwoFactor({ t }: { t: T }) {
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
    <Card labelledBy={ids.title}>
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
    </Card>
  );
}

function AdminReset({ t }: { t: T }) {
  const services = useServices();
  const actor = useActorRef(adminResetMachine.provide(adminResetEffects(services.api)));
  const target = useSelector(actor, selectTarget);
  const failure = useSelector(actor, selectResetFailure);
  const usernameMissing = useSelector(actor, selectUsernameMissing);
  const done = useSelector(actor, selectResetDone);
  const confirming = useSelector(actor, selectConfirming);
  const busy = useSelector(actor, selectResetBusy);
  const [username, setUsername] = useState('');
  const ids = { title: useId(), username: useId() };

  return (
    <Card labelledBy={ids.title}>
      <h2 id={ids.title} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <UserSearch size={20} aria-hidden className="text-brand-700" />
        {t('twoFactor.admin.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t('twoFactor.admin.intro')}</p>
      <form
        noValidate
        className="mt-4 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'lookup.submit', username });
        }}
      >
        <div className="w-full max-w-xs">
          <TextField
            id={ids.username}
            label={t('twoFactor.admin.username')}
            error={usernameMissing ? t('twoFactor.admin.usernameMissing') : undefined}
            value={username}
            onValue={setUsername}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={64}
          />
        </div>
        <button type="submit" className={SECONDARY_BUTTON} aria-disabled={busy}>
          <UserSearch size={16} aria-hidden />
          {busy && !confirming ? t('twoFactor.admin.finding') : t('twoFactor.admin.find')}
        </button>
      </form>
      <div aria-live="polite" className="mt-4 space-y-3">
        {failure && <InlineAlert>{failure}</InlineAlert>}
        {done && (
          <p
            role="status"
            className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200"
          >
            {t('twoFactor.admin.done', { username: done })}
          </p>
        )}
        {target && (
          <div className="rounded-md border border-slate-200 p-3" data-testid="reset-target">
            <p className="font-medium text-slate-900">
              {t('twoFactor.admin.result', { name: target.name, username: target.username })}
            </p>
            <p className="text-sm text-slate-700">
              {target.enabled && target.enabledAt
                ? t('twoFactor.admin.on', { when: formatDateTime(target.enabledAt) })
                : target.pending
                  ? t('twoFactor.admin.pending')
                  : t('twoFactor.admin.off')}
            </p>
            {(target.enabled || target.pending) && !confirming && (
              <button
                type="button"
                className={`${SECONDARY_BUTTON} mt-3`}
                onClick={() => actor.send({ type: 'reset.ask' })}
              >
                <RotateCw size={16} aria-hidden />
                {t('twoFactor.admin.reset')}
              </button>
            )}
            {confirming && (
              <div className="mt-3 space-y-2">
                <p className="text-sm font-medium text-slate-900">
                  {t('twoFactor.admin.confirm', { username: target.username })}
                </p>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={PRIMARY_BUTTON}
                    aria-disabled={busy}
                    onClick={() => {
                      if (!busy) actor.send({ type: 'reset.confirm' });
                    }}
                  >
                    {busy ? t('twoFactor.admin.resetting') : t('twoFactor.admin.confirmYes')}
                  </button>
                  <button
                    type="button"
                    className={SECONDARY_BUTTON}
                    disabled={busy}
                    onClick={() => actor.send({ type: 'reset.cancel' })}
                  >
                    {t('twoFactor.admin.cancel')}
                  </button>
                </div>
              </div>
            )}
          </div>
        )}
      </div>
    </Card>
  );
}
