/**
 * /banner (issue 9): the wallet app's banners. The banners machine is assembled here with the
 * API; the editor's preview shows the banner in a phone-sized home screen before it is saved.
 */
import { useActorRef, useSelector } from '@xstate/react';
import clsx from 'clsx';
import type { TFunction } from '../../i18n/translator';
import { ArrowDown, ArrowUp, CircleCheck, Plus, X } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { BANNER_ACCEPT, BANNER_LANGUAGES, type BannerLanguage, MAX_BANNER_BYTES } from '../../../contract/banners';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { usePageMessages } from '../../i18n/page-messages';
import { formatFileSize } from '../../ui/files/document-file';
import { formatDay } from '../../ui/values';
import { PageFrame } from '../../routes/PageFrame';
import { Fact, Facts, FailureAlert, Field, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../ui/parts';
import { SelectField, TextField } from '../../ui/form/FormField';
import { ReviewActions } from '../../ui/form/ReviewActions';
import { ConfirmDialog } from '../../ui/list/ConfirmDialog';
import { FailureRetry, ListFrame } from '../../ui/list/ListFrame';
import { useObjectUrl } from '../../ui/use-object-url';
import { bannerApi } from './banner-api';
import { type BannerField, bannerState, checkBannerImage, localDay, placeOf } from './banner-form';
import { PhonePreview } from './BannerPreview';
import {
  bannersMachine,
  selectAction,
  selectActionFailure,
  selectConfirmDelete,
  selectEditing,
  selectErrors,
  selectImage,
  selectIsBusy,
  selectIsEditor,
  selectIsList,
  selectIsLoading,
  selectIsPreview,
  selectLoadFailure,
  selectNotice,
  selectRows,
  selectSaveFailure,
  selectValues,
} from './banners-machine';
import { BANNER_MESSAGES, BANNER_MESSAGES_KEY as K } from './messages';
import type { HostedPageProps } from '../../ui/hosted-page';

type BannersActor = ActorRefFrom<typeof bannersMachine>;

export const bannerFieldId = (name: string) => `banner-${name}`;

const SMALL_BUTTON =
  'inline-flex h-9 items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

export default function BannersPage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(K, BANNER_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const api = useMemo(() => bannerApi(services.api), [services.api]);
  const imageBase = services.config.apiBase;
  const actor = useActorRef(
    bannersMachine.provide({
      actors: {
        listBanners: fromPromise(({ signal }) => api.list(signal)),
        saveBanner: fromPromise(({ input }) => api.save(input.id, input.values, input.file)),
        runAction: fromPromise(({ input }) => api.run(input)),
      },
    }),
  );
  const isList = useSelector(actor, selectIsList);
  const isEditor = useSelector(actor, selectIsEditor);

  return (
    <PageFrame
      title={title}
      actions={
        isList && (
          <button
            type="button"
            className={PRIMARY_BUTTON}
            onClick={() => actor.send({ type: 'banner.new', today: new Date() })}
          >
            <Plus size={16} aria-hidden />
            {t(`${K}.add`)}
          </button>
        )
      }
    >
      {isList && <BannerList actor={actor} t={t} imageBase={imageBase} />}
      {isEditor && <BannerEditor actor={actor} t={t} lang={lang} imageBase={imageBase} />}
      <DeleteDialog actor={actor} t={t} />
    </PageFrame>
  );
}

function Notice({ actor, t }: { actor: BannersActor; t: TFunction }) {
  const notice = useSelector(actor, selectNotice);
  if (!notice) return null;
  return (
    <div
      role="status"
      className="mb-4 flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
    >
      <CircleCheck size={18} aria-hidden className="mt-0.5 shrink-0" />
      <p className="flex-1">{t(`${K}.done.${notice.key}`, { title: notice.title })}</p>
      <button
        type="button"
        aria-label={t('common.dismiss')}
        onClick={() => actor.send({ type: 'notice.dismiss' })}
        className="rounded p-0.5 hover:bg-emerald-100"
      >
        <X size={16} aria-hidden />
      </button>
    </div>
  );
}

const languageLabel = (t: TFunction, language: BannerLanguage) => t(`${K}.languages.${language}`);

function datesText(t: TFunction, startsOn: string, endsOn: string | null) {
  return endsOn
    ? t(`${K}.list.fromTo`, { from: formatDay(startsOn), to: formatDay(endsOn) })
    : t(`${K}.list.from`, { date: formatDay(startsOn) });
}

/** The two buttons that move a banner one place up or down the carousel. */
const MOVES = [
  { direction: 'up', label: 'moveUp', icon: ArrowUp },
  { direction: 'down', label: 'moveDown', icon: ArrowDown },
] as const;

const STATE_CLASS = {
  live: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  scheduled: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  ended: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  inactive: 'bg-amber-50 text-amber-800 ring-amber-600/20',
} as const;

function BannerList({ actor, t, imageBase }: { actor: BannersActor; t: TFunction; imageBase: string }) {
  const rows = useSelector(actor, selectRows);
  const loading = useSelector(actor, selectIsLoading);
  const failure = useSelector(actor, selectLoadFailure);
  const actionFailure = useSelector(actor, selectActionFailure);
  const action = useSelector(actor, selectAction);
  const busy = useSelector(actor, selectIsBusy);
  const today = localDay(new Date());

  return (
    <div>
      <p className="mb-4 text-sm text-slate-600">{t(`${K}.intro`)}</p>
      <Notice actor={actor} t={t} />
      {actionFailure && (
        <div className="mb-4">
          <FailureAlert failure={actionFailure} />
        </div>
      )}
      <ListFrame
        loading={loading}
        loadingLabel={t(`${K}.loading`)}
        error={
          failure && (
            <FailureRetry
              failure={failure}
              title={t(`${K}.loadFailed`)}
              retryLabel={t(`${K}.retry`)}
              onRetry={() => actor.send({ type: 'list.retry' })}
            />
          )
        }
        emptyLabel={!loading && rows.length === 0 ? t(`${K}.empty`) : null}
      >
        {!loading && rows.length > 0 && (
          <ol aria-label={t(`${K}.list.label`)} aria-busy={busy} className="space-y-3">
            {rows.map((banner, index) => {
              const state = bannerState(banner, today);
              const working = action?.id === banner.id;
              return (
                <li
                  key={banner.id}
                  data-testid="banner-row"
                  data-banner-id={banner.id}
                  className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center"
                >
                  <div className="flex items-start gap-3 sm:flex-1">
                    <span className="mt-1 w-12 shrink-0 text-sm font-semibold whitespace-nowrap text-slate-500 tabular-nums">
                      {t(`${K}.list.position`, { position: banner.position })}
                    </span>
                    <img
                      src={`${imageBase}${banner.imageUrl}`}
                      alt={t(`${K}.list.image`, { title: banner.title })}
                      loading="lazy"
                      className="aspect-[3/1] w-28 shrink-0 rounded object-cover ring-1 ring-slate-200 sm:w-40"
                    />
                    <div className="min-w-0 flex-1 space-y-1">
                      <p className="font-medium break-words text-slate-900">{banner.title}</p>
                      <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                        <span
                          className={clsx(
                            'inline-flex rounded-full px-2 py-0.5 font-medium ring-1 ring-inset',
                            STATE_CLASS[state],
                          )}
                          data-state={state}
                        >
                          {t(`${K}.states.${state}`)}
                        </span>
                        <span>{languageLabel(t, banner.language)}</span>
                        <span className="tabular-nums">{datesText(t, banner.startsOn, banner.endsOn)}</span>
                      </p>
                      <p className="truncate text-xs text-slate-500">{banner.link ?? t(`${K}.list.noLink`)}</p>
                    </div>
                  </div>
                  <div className="flex flex-wrap items-center gap-2 sm:justify-end">
                    {MOVES.map(({ direction, label, icon: Icon }) => (
                      <button
                        key={direction}
                        type="button"
                        className={SMALL_BUTTON}
                        disabled={busy || index === (direction === 'up' ? 0 : rows.length - 1)}
                        aria-label={t(`${K}.list.${label}Named`, { title: banner.title })}
                        title={t(`${K}.list.${label}`)}
                        onClick={() => actor.send({ type: 'banner.move', id: banner.id, direction })}
                      >
                        <Icon size={16} aria-hidden />
                      </button>
                    ))}
                    <button
                      type="button"
                      className={SMALL_BUTTON}
                      disabled={busy}
                      aria-label={t(`${K}.list.editNamed`, { title: banner.title })}
                      onClick={() => actor.send({ type: 'banner.edit', id: banner.id })}
                    >
                      {t(`${K}.list.edit`)}
                    </button>
                    <button
                      type="button"
                      className={SMALL_BUTTON}
                      disabled={busy}
                      onClick={() => actor.send({ type: 'banner.toggle', id: banner.id })}
                    >
                      {working && action?.kind === 'status'
                        ? t(`${K}.list.working`)
                        : banner.active
                          ? t(`${K}.list.deactivate`)
                          : t(`${K}.list.activate`)}
                    </button>
                    <button
                      type="button"
                      className={clsx(SMALL_BUTTON, 'border-red-300 text-red-700 hover:bg-red-50')}
                      disabled={busy}
                      aria-label={t(`${K}.list.deleteNamed`, { title: banner.title })}
                      onClick={() => actor.send({ type: 'banner.delete', id: banner.id })}
                    >
                      {t(`${K}.list.delete`)}
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </ListFrame>
    </div>
  );
}

function BannerEditor({
  actor,
  t,
  lang,
  imageBase,
}: {
  actor: BannersActor;
  t: TFunction;
  lang: Language;
  imageBase: string;
}) {
  const editing = useSelector(actor, selectEditing);
  const values = useSelector(actor, selectValues);
  const image = useSelector(actor, selectImage);
  const errors = useSelector(actor, selectErrors);
  const preview = useSelector(actor, selectIsPreview);
  const saveFailure = useSelector(actor, selectSaveFailure);
  const busy = useSelector(actor, selectIsBusy);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const objectUrl = useObjectUrl(image && image.problem === null ? image.file : null);
  const imageSrc = objectUrl ?? (editing ? `${imageBase}${editing.imageUrl}` : null);
  const maxSize = formatFileSize(MAX_BANNER_BYTES, lang);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to the heading when the step changes.
  useEffect(() => headingRef.current?.focus(), [preview]);
  useEffect(() => {
    if (saveFailure) alertRef.current?.focus();
  }, [saveFailure]);

  const heading = preview
    ? t(`${K}.preview.title`)
    : editing
      ? t(`${K}.editor.editTitle`)
      : t(`${K}.editor.createTitle`);
  const errorText = (name: BannerField) => (errors[name] ? t(`${K}.errors.${name}`) : undefined);
  const change = (name: BannerField) => (value: string) => actor.send({ type: 'field.change', name, value });
  /** A text field's id, label, error, value and change, by its name. */
  const field = (name: Exclude<BannerField, 'image'>) => ({
    id: bannerFieldId(name),
    label: t(`${K}.editor.${name}`),
    error: errorText(name),
    value: values[name],
    onValue: change(name),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'editor.preview' });
    const now = actor.getSnapshot().context.errors;
    const first = (['title', 'link', 'language', 'startsOn', 'endsOn', 'position', 'image'] as const).find(
      (f) => now[f],
    );
    if (first) document.getElementById(bannerFieldId(first))?.focus();
  }

  const place = placeOf(values);
  return (
    <section aria-labelledby="banner-editor-title" aria-busy={busy} className="mx-auto max-w-4xl space-y-4">
      <h2
        id="banner-editor-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 outline-none"
      >
        {heading}
      </h2>
      {saveFailure && <FailureAlert ref={alertRef} failure={saveFailure} />}
      {preview ? (
        <div className="grid gap-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 md:grid-cols-2">
          <PhonePreview imageSrc={imageSrc} title={values.title.trim()} link={values.link} t={t} />
          <div className="space-y-4">
            <p className="text-sm text-slate-600">{t(`${K}.preview.intro`)}</p>
            <Facts>
              <Fact label={t(`${K}.editor.title`)}>{values.title.trim()}</Fact>
              <Fact label={t(`${K}.editor.link`)}>
                <span className="break-all">{values.link.trim() || t(`${K}.list.noLink`)}</span>
              </Fact>
              <Fact label={t(`${K}.preview.shownTo`)}>{languageLabel(t, values.language)}</Fact>
              <Fact label={t(`${K}.preview.dates`)}>
                <span className="tabular-nums">{datesText(t, values.startsOn, values.endsOn || null)}</span>
              </Fact>
              <Fact label={t(`${K}.preview.place`)}>
                {place !== null
                  ? t(`${K}.list.position`, { position: place })
                  : editing
                    ? t(`${K}.list.position`, { position: editing.position })
                    : t(`${K}.preview.placeLast`)}
              </Fact>
              <Fact label={t(`${K}.editor.active`)}>
                {values.active ? t(`${K}.preview.active`) : t(`${K}.preview.inactive`)}
              </Fact>
            </Facts>
            <ReviewActions
              busy={busy}
              backLabel={t(`${K}.preview.back`)}
              confirmLabel={t(`${K}.preview.save`)}
              busyLabel={t(`${K}.preview.saving`)}
              onBack={() => actor.send({ type: 'editor.back' })}
              onConfirm={() => actor.send({ type: 'editor.save' })}
            />
          </div>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={submit}
          className="grid gap-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6"
        >
          <div className="sm:col-span-2">
            <TextField {...field('title')} hint={t(`${K}.editor.titleHint`)} maxLength={120} />
          </div>
          <div className="sm:col-span-2">
            <Field
              id={bannerFieldId('image')}
              label={t(`${K}.editor.image`)}
              optional={editing !== null}
              hint={
                <>
                  {t(`${K}.editor.imageHint`, { size: maxSize })}
                  {editing && ` ${t(`${K}.editor.imageKeep`)}`}
                  {image && (
                    <span className="block">
                      {t(`${K}.editor.imageChosen`, {
                        name: image.file.name,
                        size: formatFileSize(image.file.size, lang),
                      })}
                    </span>
                  )}
                </>
              }
              error={errors.image ? t(`${K}.errors.image.${errors.image}`, { size: maxSize }) : undefined}
            >
              {(aria) => (
                <input
                  id={bannerFieldId('image')}
                  type="file"
                  accept={BANNER_ACCEPT}
                  onChange={async (e) => {
                    const file = e.target.files?.[0];
                    if (file) actor.send({ type: 'image.pick', image: await checkBannerImage(file) });
                  }}
                  className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
                  {...aria}
                />
              )}
            </Field>
          </div>
          <div className="sm:col-span-2">
            <TextField
              {...field('link')}
              optional
              hint={t(`${K}.editor.linkHint`)}
              type="url"
              inputMode="url"
              placeholder="https://"
            />
          </div>
          <SelectField {...field('language')}>
            {BANNER_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {languageLabel(t, l)}
              </option>
            ))}
          </SelectField>
          <TextField
            {...field('position')}
            optional
            hint={t(`${K}.editor.positionHint`, {
              where: editing ? t(`${K}.editor.positionHere`) : t(`${K}.editor.positionLast`),
            })}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder={editing ? String(editing.position) : ''}
          />
          <TextField {...field('startsOn')} type="date" />
          <TextField
            {...field('endsOn')}
            optional
            hint={t(`${K}.editor.endsOnHint`)}
            type="date"
            min={values.startsOn || undefined}
          />
          <div className="sm:col-span-2">
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={values.active}
                onChange={(e) => actor.send({ type: 'active.change', active: e.target.checked })}
                className="mt-0.5 h-4 w-4 accent-brand-700"
                aria-describedby="banner-active-hint"
              />
              <span>
                <span className="font-medium">{t(`${K}.editor.active`)}</span>
                <span id="banner-active-hint" className="block text-xs text-slate-600">
                  {t(`${K}.editor.activeHint`)}
                </span>
              </span>
            </label>
          </div>
          <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
            <button type="button" className={SECONDARY_BUTTON} onClick={() => actor.send({ type: 'editor.cancel' })}>
              {t(`${K}.editor.cancel`)}
            </button>
            <button type="submit" className={PRIMARY_BUTTON}>
              {t(`${K}.editor.preview`)}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function DeleteDialog({ actor, t }: { actor: BannersActor; t: TFunction }) {
  const banner = useSelector(actor, selectConfirmDelete);
  const busy = useSelector(actor, selectIsBusy);
  return (
    <ConfirmDialog
      open={banner !== null}
      busy={busy}
      title={t(`${K}.deleteDialog.title`)}
      description={t(`${K}.deleteDialog.body`, { title: banner?.title ?? '' })}
      cancelLabel={t(`${K}.deleteDialog.cancel`)}
      confirmLabel={t(`${K}.deleteDialog.confirm`)}
      busyLabel={t(`${K}.deleteDialog.confirm`)}
      confirmClassName="inline-flex h-10 items-center justify-center rounded-md bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800 aria-disabled:opacity-70"
      onCancel={() => actor.send({ type: 'delete.cancel' })}
      onConfirm={() => {
        if (!busy) actor.send({ type: 'delete.confirm' });
      }}
    />
  );
}
