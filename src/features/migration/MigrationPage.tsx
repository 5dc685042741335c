/**
 * /migration (issue 9): support and administrators move a wallet to a new phone number, or a
 * customer to merchant (and back). The migration machine is assembled here with the API.
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { TFunction } from '../../i18n/translator';
import { ArrowRight, CircleCheck, Search, TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { BUSINESS_CATEGORIES, BUSINESS_CATEGORY_TITLES, normaliseSenegalMobile } from '../../../contract/registration';
import type {
  MigrationBlocker,
  MigrationHistoryPage,
  MigrationRecord,
  MigrationWallet,
} from '../../../contract/wallet-migrations';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { usePageMessages } from '../../i18n/page-messages';
import { Badge, formatDateTime } from '../../ui/values';
import { PageFrame } from '../../routes/PageFrame';
import { Fact, Facts, FailureAlert, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../ui/parts';
import { SelectField, TextAreaField, TextField } from '../../ui/form/FormField';
import { ReviewActions } from '../../ui/form/ReviewActions';
import { ColumnHeads, DataTable, FailureRetry, TD } from '../../ui/list/ListFrame';
import { MIGRATION_MESSAGES, MIGRATION_MESSAGES_KEY } from './messages';
import { migrationApi } from './migration-api';
import { canChangeType, type MigrationField } from './migration-form';
import {
  migrationMachine,
  selectErrors,
  selectFailure,
  selectFieldRefusal,
  selectHistory,
  selectHistoryFailure,
  selectHistoryLoading,
  selectIsBusy,
  selectIsEditing,
  selectIsFinding,
  selectIsReviewing,
  selectResult,
  selectTerm,
  selectTermInvalid,
  selectValues,
  selectWallet,
} from './migration-machine';
import type { HostedPageProps } from '../../ui/hosted-page';

type MigrationActor = ActorRefFrom<typeof migrationMachine>;
const K = MIGRATION_MESSAGES_KEY;

export const migrationFieldId = (name: string) => `migration-${name}`;

/** What the form and the review steps are drawn from. */
interface StepProps {
  actor: MigrationActor;
  wallet: MigrationWallet;
  t: TFunction;
  lang: Language;
}

export default function MigrationPage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(K, MIGRATION_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const api = useMemo(() => migrationApi(services.api), [services.api]);
  const actor = useActorRef(
    migrationMachine.provide({
      actors: {
        findWallet: fromPromise(({ input, signal }) => api.find(input.term, signal)),
        migrateWallet: fromPromise(({ input }) => api.migrate(input)),
        listHistory: fromPromise(({ input, signal }) => api.history(input, signal)),
      },
    }),
  );
  const finding = useSelector(actor, selectIsFinding);
  const wallet = useSelector(actor, selectWallet);
  const result = useSelector(actor, selectResult);
  const reviewing = useSelector(actor, selectIsReviewing);
  const editing = useSelector(actor, selectIsEditing);

  return (
    <PageFrame title={title}>
      <div className="mx-auto max-w-3xl space-y-5">
        <p className="text-sm text-slate-600">{t(`${K}.intro`)}</p>
        {finding ? (
          <FindWallet actor={actor} t={t} />
        ) : (
          wallet && (
            <>
              <WalletCard wallet={wallet} lang={lang} t={t} onChange={() => actor.send({ type: 'wallet.change' })} />
              {result ? (
                <Done actor={actor} t={t} />
              ) : reviewing ? (
                <Review actor={actor} wallet={wallet} t={t} lang={lang} />
              ) : (
                editing && <MigrationForm actor={actor} wallet={wallet} t={t} lang={lang} />
              )}
            </>
          )
        )}
        <History actor={actor} t={t} />
      </div>
    </PageFrame>
  );
}

function FindWallet({ actor, t }: { actor: MigrationActor; t: TFunction }) {
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
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        actor.send({ type: 'wallet.find', term: text });
      }}
    >
      <h2 id="migration-find-title" className="text-lg font-semibold text-slate-900">
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
        <button type="submit" className={`${PRIMARY_BUTTON} sm:mt-6`} aria-disabled={busy || undefined}>
          <Search size={16} aria-hidden />
          {busy ? t(`${K}.find.searching`) : t(`${K}.find.button`)}
        </button>
      </div>
    </form>
  );
}

const blockerText = (t: TFunction, b: MigrationBlocker) => t(`${K}.blockers.${b.code}`, { defaultValue: b.message });

function Blockers({ title, blockers, t }: { title: string; blockers: MigrationBlocker[]; t: TFunction }) {
  return (
    <div role="note" className="flex gap-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <TriangleAlert size={18} aria-hidden className="mt-0.5 shrink-0" />
      <div>
        <p className="font-medium">{title}</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {blockers.map((b) => (
            <li key={b.code} data-code={b.code}>
              {blockerText(t, b)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

const kindLabel = (t: TFunction, kind: string) => t(`reports.values.kinds.${kind}`, { defaultValue: kind });
const categoryLabel = (category: string | null, lang: Language) =>
  category ? (BUSINESS_CATEGORY_TITLES[category as (typeof BUSINESS_CATEGORIES)[number]]?.[lang] ?? category) : null;

function WalletCard({
  wallet,
  lang,
  t,
  onChange,
}: {
  wallet: MigrationWallet;
  lang: Language;
  t: TFunction;
  onChange: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const none = t(`${K}.wallet.none`);
  return (
    <section
      aria-labelledby="migration-wallet-title"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="migration-wallet-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 outline-none"
        >
          {t(`${K}.wallet.title`)}
        </h2>
        <button type="button" className={SECONDARY_BUTTON} onClick={onChange}>
          {t(`${K}.find.change`)}
        </button>
      </div>
      <Facts>
        <Fact label={t(`${K}.wallet.name`)}>
          <span className="font-medium" data-testid="migration-wallet-name">
            {wallet.name}
          </span>
        </Fact>
        <Fact label={t(`${K}.wallet.number`)}>
          <span className="tabular-nums">{wallet.number}</span>
        </Fact>
        <Fact label={t(`${K}.wallet.type`)}>
          <span data-testid="migration-wallet-kind">{kindLabel(t, wallet.kind)}</span>
        </Fact>
        <Fact label={t(`${K}.wallet.phone`)}>
          <span className="tabular-nums" data-testid="migration-wallet-phone">
            {wallet.phone ?? none}
          </span>
        </Fact>
        <Fact label={t(`${K}.wallet.status`)}>
          <span className="flex flex-wrap gap-2">
            <Badge
              value={wallet.status}
              label={t(`reports.values.status.${wallet.status}`, { defaultValue: wallet.status })}
            />
            <span className="text-slate-600">{t(`${K}.wallet.kyc`)}</span>
            <Badge
              value={wallet.kycStatus}
              label={t(`reports.values.kyc.${wallet.kycStatus}`, { defaultValue: wallet.kycStatus })}
            />
          </span>
        </Fact>
        {wallet.businessName && (
          <Fact label={t(`${K}.wallet.business`)}>
            {[wallet.businessName, categoryLabel(wallet.businessCategory, lang)].filter(Boolean).join(' · ')}
          </Fact>
        )}
        <Fact label={t(`${K}.wallet.region`)}>{wallet.region ?? none}</Fact>
        <Fact label={t(`${K}.wallet.since`)}>{formatDateTime(wallet.createdAt).slice(0, 10)}</Fact>
      </Facts>
      {wallet.blockers.length > 0 && <Blockers title={t(`${K}.wallet.blocked`)} blockers={wallet.blockers} t={t} />}
    </section>
  );
}

function MigrationForm({ actor, wallet, t, lang }: StepProps) {
  const values = useSelector(actor, selectValues);
  const errors = useSelector(actor, selectErrors);
  const fieldRefusal = useSelector(actor, selectFieldRefusal);
  const legendId = useId();
  const blocked = wallet.blockers.length > 0;
  const typeAllowed = canChangeType(wallet);
  const to = wallet.typeChangeTo;

  // A refusal naming a field (a phone already used) sends focus to it.
  useEffect(() => {
    if (fieldRefusal) document.getElementById(migrationFieldId(fieldRefusal.field))?.focus();
  }, [fieldRefusal]);

  const errorOf = (name: MigrationField) => {
    if (fieldRefusal?.field === name) return fieldRefusal.message;
    const key = errors[name];
    return key ? t(`${K}.errors.${key}`) : undefined;
  };
  const change = (name: MigrationField) => (value: string) => actor.send({ type: 'field.change', name, value });
  /** A field's id, label, error, value and change, by its name. */
  const field = (name: MigrationField) => ({
    id: migrationFieldId(name),
    label: t(`${K}.form.${name}`),
    error: errorOf(name),
    value: values[name],
    onValue: change(name),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'migration.review' });
    const now = actor.getSnapshot().context.errors;
    const first = (['newPhone', 'businessName', 'businessCategory', 'reason'] as const).find((f) => now[f]);
    if (first) document.getElementById(migrationFieldId(first))?.focus();
  }

  if (blocked) return null;
  const radio = 'h-4 w-4 accent-brand-700';
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="migration-form-title"
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="migration-form-title" className="text-lg font-semibold text-slate-900">
        {t(`${K}.form.title`)}
      </h2>
      <fieldset className="space-y-2" aria-labelledby={legendId}>
        <legend id={legendId} className="text-sm font-medium text-slate-800">
          {t(`${K}.form.kindLegend`)}
        </legend>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name="migration-kind"
            className={radio}
            checked={values.kind === 'phone'}
            onChange={() => actor.send({ type: 'kind.change', kind: 'phone' })}
          />
          {t(`${K}.form.kinds.phone`)}
        </label>
        <label
          className={`flex flex-wrap items-center gap-x-2 text-sm ${typeAllowed ? 'text-slate-800' : 'text-slate-400'}`}
        >
          <input
            type="radio"
            name="migration-kind"
            className={radio}
            checked={values.kind === 'type'}
            disabled={!typeAllowed}
            onChange={() => actor.send({ type: 'kind.change', kind: 'type' })}
          />
          {t(`${K}.form.kinds.type`)}
          {to && (
            <span className="text-slate-600">
              (
              {t(`${K}.form.typeTo`, {
                from: kindLabel(t, wallet.kind).toLowerCase(),
                to: kindLabel(t, to).toLowerCase(),
              })}
              )
            </span>
          )}
        </label>
        {wallet.typeBlockers.length > 0 && (
          <Blockers title={t(`${K}.form.typeUnavailable`)} blockers={wallet.typeBlockers} t={t} />
        )}
        {to === null && <p className="text-xs text-slate-600">{t(`${K}.blockers.TYPE_NOT_MIGRATABLE`)}</p>}
      </fieldset>

      {values.kind === 'phone' ? (
        <TextField
          {...field('newPhone')}
          hint={t(`${K}.form.newPhoneHint`)}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+221 77 123 45 67"
        />
      ) : (
        to === 'merchant' && (
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField {...field('businessName')} hint={t(`${K}.form.businessNameHint`)} autoComplete="off" />
            <SelectField {...field('businessCategory')}>
              <option value="">{t(`${K}.form.choose`)}</option>
              {BUSINESS_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {BUSINESS_CATEGORY_TITLES[c][lang]}
                </option>
              ))}
            </SelectField>
          </div>
        )
      )}

      <TextAreaField {...field('reason')} hint={t(`${K}.form.reasonHint`)} rows={3} maxLength={300} />
      <div className="flex justify-end">
        <button type="submit" className={PRIMARY_BUTTON}>
          {t(`${K}.form.review`)}
        </button>
      </div>
    </form>
  );
}

/** The change in words: from what to what. */
function changeOf(wallet: MigrationWallet, values: { kind: string; newPhone: string }, t: TFunction) {
  if (values.kind === 'phone') {
    // As the API will store it: +221 7X XXX XX XX, however it was typed.
    const to = normaliseSenegalMobile(values.newPhone) ?? values.newPhone;
    return { label: t(`${K}.form.kinds.phone`), from: wallet.phone, to };
  }
  return {
    label: t(`${K}.form.kinds.type`),
    from: kindLabel(t, wallet.kind),
    to: wallet.typeChangeTo ? kindLabel(t, wallet.typeChangeTo) : '',
  };
}

function Review({ actor, wallet, t, lang }: StepProps) {
  const values = useSelector(actor, selectValues);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);
  const change = changeOf(wallet, values, t);
  const none = t(`${K}.wallet.none`);
  return (
    <section
      aria-labelledby="migration-review-title"
      aria-busy={busy}
      className="space-y-4 rounded-lg border border-brand-100 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2
        id="migration-review-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 outline-none"
      >
        {t(`${K}.review.title`)}
      </h2>
      <p className="text-sm text-slate-600">{t(`${K}.review.intro`)}</p>
      {failure && <FailureAlert ref={alertRef} failure={failure} />}
      <Facts>
        <Fact label={t(`${K}.wallet.title`)}>
          {wallet.name} · <span className="tabular-nums">{wallet.number}</span>
        </Fact>
        <Fact label={t(`${K}.review.change`)}>{change.label}</Fact>
        <Fact label={t(`${K}.review.from`)}>
          <span className="tabular-nums">{change.from ?? none}</span>
        </Fact>
        <Fact label={t(`${K}.review.to`)}>
          <span className="font-semibold tabular-nums" data-testid="migration-review-to">
            {change.to}
          </span>
          {values.kind === 'type' && wallet.typeChangeTo === 'merchant' && (
            <span className="block text-slate-600">
              {values.businessName.trim()} · {categoryLabel(values.businessCategory, lang)}
            </span>
          )}
        </Fact>
        <Fact label={t(`${K}.review.reason`)}>
          <span className="whitespace-pre-line">{values.reason.trim()}</span>
        </Fact>
      </Facts>
      <ReviewActions
        busy={busy}
        backLabel={t(`${K}.review.back`)}
        confirmLabel={t(`${K}.review.confirm`)}
        busyLabel={t(`${K}.review.confirming`)}
        onBack={() => actor.send({ type: 'migration.back' })}
        onConfirm={() => actor.send({ type: 'migration.confirm' })}
      />
    </section>
  );
}

function Done({ actor, t }: { actor: MigrationActor; t: TFunction }) {
  const result = useSelector(actor, selectResult);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  if (!result) return null;
  const { migration, wallet } = result;
  return (
    <section
      aria-labelledby="migration-done-title"
      className="space-y-3 rounded-lg border border-emerald-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2
        id="migration-done-title"
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold text-emerald-800 outline-none"
      >
        <CircleCheck size={20} aria-hidden />
        {t(`${K}.done.title`)}
      </h2>
      <p className="text-sm text-slate-800" data-testid="migration-done">
        {migration.kind === 'phone'
          ? t(`${K}.done.phone`, { number: wallet.number, phone: migration.toValue })
          : t(`${K}.done.type`, { number: wallet.number, type: kindLabel(t, migration.toValue).toLowerCase() })}
      </p>
      <div className="flex justify-end">
        <button type="button" className={PRIMARY_BUTTON} onClick={() => actor.send({ type: 'migration.another' })}>
          {t(`${K}.done.another`)}
        </button>
      </div>
    </section>
  );
}

function valueText(t: TFunction, row: MigrationRecord, value: string) {
  if (value === '') return t(`${K}.wallet.none`);
  return row.kind === 'type' ? kindLabel(t, value) : value;
}

function History({ actor, t }: { actor: MigrationActor; t: TFunction }) {
  const history = useSelector(actor, selectHistory);
  const failure = useSelector(actor, selectHistoryFailure);
  const loading = useSelector(actor, selectHistoryLoading);
  const wallet = useSelector(actor, selectWallet);
  const heading = wallet ? t(`${K}.history.title`, { number: wallet.number }) : t(`${K}.history.recent`);
  const rows = history?.rows ?? [];
  return (
    <section aria-labelledby="migration-history-title" aria-busy={loading} className="space-y-2">
      <h2 id="migration-history-title" className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      {loading && (
        <p role="status" className="text-sm text-slate-500">
          {t(`${K}.history.loading`)}
        </p>
      )}
      {failure ? (
        <FailureRetry
          failure={failure}
          title={t(`${K}.history.failed`)}
          retryLabel={t(`${K}.history.retry`)}
          onRetry={() => actor.send({ type: 'history.retry' })}
        />
      ) : (
        history &&
        (rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
            {t(`${K}.history.empty`)}
          </p>
        ) : (
          <HistoryTable history={history} label={heading} showWallet={!wallet} t={t} actor={actor} loading={loading} />
        ))
      )}
    </section>
  );
}

function HistoryTable({
  history,
  label,
  showWallet,
  t,
  actor,
  loading,
}: {
  history: MigrationHistoryPage;
  label: string;
  showWallet: boolean;
  t: TFunction;
  actor: MigrationActor;
  loading: boolean;
}) {
  return (
    <>
      <DataTable
        label={label}
        testId="migration-history"
        head={
          <ColumnHeads
            labels={[
              t(`${K}.history.date`),
              ...(showWallet ? [t(`${K}.history.wallet`)] : []),
              t(`${K}.history.change`),
              t(`${K}.history.reason`),
              t(`${K}.history.by`),
            ]}
          />
        }
      >
        {history.rows.map((row) => (
          <tr key={row.id}>
            <td className={`${TD} whitespace-nowrap tabular-nums`}>{formatDateTime(row.createdAt)}</td>
            {showWallet && (
              <td className={TD}>
                <span className="block font-medium">{row.name}</span>
                <span className="text-xs text-slate-600 tabular-nums">{row.number}</span>
              </td>
            )}
            <td className={TD}>
              <span className="block text-xs text-slate-600">{t(`${K}.form.kinds.${row.kind}`)}</span>
              <span className="block whitespace-nowrap tabular-nums">{valueText(t, row, row.fromValue)}</span>
              <span className="flex items-center gap-1 font-medium whitespace-nowrap tabular-nums">
                <ArrowRight size={14} aria-label={t(`${K}.history.to`)} />
                {valueText(t, row, row.toValue)}
              </span>
            </td>
            <td className={`${TD} min-w-40 max-w-xs break-words`}>{row.reason}</td>
            <td className={TD}>{row.by}</td>
          </tr>
        ))}
      </DataTable>
      {history.total > history.pageSize && (
        <nav
          aria-label={t(`${K}.history.pages`)}
          className="flex items-center justify-between gap-3 text-sm text-slate-600"
        >
          <button
            type="button"
            className={SECONDARY_BUTTON}
            disabled={loading || history.page <= 1}
            onClick={() => actor.send({ type: 'history.page', page: history.page - 1 })}
          >
            {t(`${K}.history.previous`)}
          </button>
          <span>
            {t(`${K}.history.page`, { page: history.page, pages: Math.ceil(history.total / history.pageSize) })}
          </span>
          <button
            type="button"
            className={SECONDARY_BUTTON}
            disabled={loading || history.page * history.pageSize >= history.total}
            onClick={() => actor.send({ type: 'history.page', page: history.page + 1 })}
          >
            {t(`${K}.history.next`)}
          </button>
        </nav>
      )}
    </>
  );
}
