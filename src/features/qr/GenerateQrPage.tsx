/**
 * /generate-qr: a merchant's payment QR code. The server builds the EMVCo payload
 * and draws the image (PNG or SVG, with the `qrcode` package); the page shows it, downloads
 * it, and prints a sheet for the counter (qr-print.css). Audited by the API.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Download, Plus, Printer, QrCode } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { QR_IMAGE_FORMATS } from '../../../contract/merchant-qr';
import type { QrCodeView } from '../../../contract/api/qr-codes';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { usePageMessages } from '../../i18n/page-messages';
import { PageFrame } from '../../ui/PageFrame';
import { Button } from '../../ui/Button';
import { FailureAlert, INPUT_CLASS } from '../../ui/parts';
import { TextField } from '../../ui/form/FormField';
import { useObjectUrl } from '../../ui/use-object-url';
import { generateMachine, selectForm } from './generate-machine';
import { QR_MESSAGES_KEY, qrMessages } from './messages';
import { saveBlob } from '../../ui/files/save-file';
import './qr-print.css';
import type { HostedPageProps } from '../../ui/hosted-page';
import { qrApi } from './qr-api';
import { ChosenMerchant, MerchantSearch } from './MerchantPicker';

type GenerateActor = ActorRefFrom<typeof generateMachine>;
type Translate = (key: string, options?: Record<string, unknown>) => string;

export default function GenerateQrPage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(QR_MESSAGES_KEY, qrMessages);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const k: Translate = (key, options) => t(`${QR_MESSAGES_KEY}.${key}`, options ?? {});
  const qr = qrApi(services.api);
  const actor = useActorRef(
    generateMachine.provide({
      actors: {
        searchMerchants: fromPromise(({ input, signal }) => qr.searchMerchants(input.q, signal)),
        generateQr: fromPromise(({ input }) => qr.generate(input)),
        loadPreview: fromPromise(({ input, signal }) => qr.image(input.code, { format: 'svg' }, signal)),
        downloadImage: fromPromise(async ({ input }) => {
          const blob = await qr.image(input.code, { format: input.format, size: 1024 });
          saveBlob(blob, `${input.code}.${input.format}`);
        }),
      },
      actions: {
        announce: (_, { qr }) =>
          services.notifications.notify(
            services.i18n.t(`${QR_MESSAGES_KEY}.done`, { code: qr.code, name: qr.merchant.name }),
          ),
        printSheet: () => window.print(),
      },
    }),
  );
  const generated = useSelector(actor, (s) => s.hasTag('generated'));
  return (
    <PageFrame title={title}>
      <div className="mx-auto max-w-3xl">
        {generated ? <GeneratedSheet actor={actor} k={k} lang={lang} /> : <GenerateForm actor={actor} k={k} />}
      </div>
    </PageFrame>
  );
}

function GenerateForm({ actor, k }: { actor: GenerateActor; k: Translate }) {
  const id = useId();
  const context = useSelector(actor, selectForm);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const alertRef = useRef<HTMLDivElement>(null);
  const { merchant, errors, failure } = context;

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'qr.submit' });
    const now = actor.getSnapshot().context.errors;
    if (now.merchant) document.getElementById(`${id}-query`)?.focus();
    else if (now.amount) document.getElementById(`${id}-amount`)?.focus();
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy} aria-labelledby={`${id}-title`} className="space-y-5">
      <h2 id={`${id}-title`} className="sr-only">
        {k('generate.submit')}
      </h2>
      <p className="text-sm text-muted">{k('generate.intro')}</p>
      {failure && <FailureAlert ref={alertRef} failure={failure} />}
      <div className="space-y-4 rounded-lg border border-line bg-raised p-4 shadow-sm sm:p-6">
        {merchant ? (
          <ChosenMerchant merchant={merchant} k={k} onChange={() => actor.send({ type: 'merchant.clear' })} />
        ) : (
          <MerchantSearch actor={actor} queryId={`${id}-query`} k={k} />
        )}
        <TextField
          id={`${id}-amount`}
          label={k('generate.amount')}
          hint={k('generate.amountHint')}
          optional
          error={errors.amount ? k('generate.errors.amount') : undefined}
          inputMode="numeric"
          autoComplete="off"
          value={context.amount}
          maxLength={14}
          onValue={(value) => actor.send({ type: 'amount.change', value })}
          className={`${INPUT_CLASS} sm:w-60`}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={busy} loadingLabel={k('generate.generating')}>
          <QrCode size={16} aria-hidden />
          {k('generate.submit')}
        </Button>
      </div>
    </form>
  );
}

function GeneratedSheet({ actor, k, lang }: { actor: GenerateActor; k: Translate; lang: Language }) {
  const qr = useSelector(actor, (s) => s.context.qr) as QrCodeView;
  const preview = useSelector(actor, (s) => s.context.preview);
  const previewError = useSelector(actor, (s) => s.context.previewError);
  const downloading = useSelector(actor, (s) => s.hasTag('downloading'));
  const downloadFailure = useSelector(actor, (s) => s.context.downloadFailure);
  const url = useObjectUrl(preview);
  return (
    <div className="space-y-4">
      <article
        data-print-only
        data-print-qr
        aria-label={k('sheet.title')}
        className="mx-auto max-w-md rounded-lg border border-line bg-raised p-6 text-center shadow-sm"
      >
        <p className="text-xl font-semibold text-ink">{k('sheet.title')}</p>
        <p className="text-sm text-muted">{k('sheet.subtitle')}</p>
        <p className="mt-3 text-lg font-semibold text-ink">{qr.merchant.name}</p>
        <div data-qr-image className="mx-auto my-3 flex aspect-square w-full max-w-72 items-center justify-center">
          {url ? (
            <img
              src={url}
              alt={k('sheet.imageAlt', { name: qr.merchant.name, code: qr.code })}
              className="h-full w-full"
            />
          ) : previewError ? (
            <p role="alert" className="text-sm text-danger">
              {previewError}
            </p>
          ) : (
            <p role="status" className="text-sm text-muted">
              {k('sheet.loading')}
            </p>
          )}
        </div>
        <dl className="mx-auto grid w-fit grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left text-sm">
          <dt className="text-muted">{k('sheet.code')}</dt>
          <dd className="font-mono font-semibold text-ink" data-testid="qr-code">
            {qr.code}
          </dd>
          <dt className="text-muted">{k('sheet.amount')}</dt>
          <dd className="text-ink">{qr.amount === null ? k('sheet.anyAmount') : formatXof(qr.amount, lang)}</dd>
          <dt className="text-muted">{k('sheet.merchantNumber')}</dt>
          <dd className="text-ink tabular-nums">
            {qr.merchant.number} · {qr.merchant.city}
          </dd>
        </dl>
      </article>
      {downloadFailure && <FailureAlert failure={downloadFailure} />}
      <div className="flex flex-wrap justify-center gap-3 print:hidden">
        {QR_IMAGE_FORMATS.map((format) => (
          <Button
            key={format}
            // The PNG is the usual choice: the first, primary button.
            variant={format === 'png' ? 'primary' : 'secondary'}
            aria-disabled={downloading || undefined}
            onClick={() => actor.send({ type: 'qr.download', format })}
          >
            <Download size={16} aria-hidden />
            {k(`actions.${format}`)}
          </Button>
        ))}
        <Button variant="secondary" onClick={() => actor.send({ type: 'qr.print' })}>
          <Printer size={16} aria-hidden />
          {k('actions.print')}
        </Button>
        <Button variant="secondary" onClick={() => actor.send({ type: 'qr.new' })}>
          <Plus size={16} aria-hidden />
          {k('actions.another')}
        </Button>
      </div>
      {downloading && (
        <p role="status" className="text-center text-sm text-muted print:hidden">
          {k('actions.downloading')}
        </p>
      )}
      <details className="mx-auto max-w-md text-sm text-muted print:hidden">
        <summary className="cursor-pointer">{k('sheet.payload')}</summary>
        <code className="mt-2 block font-mono text-xs break-all">{qr.payload}</code>
      </details>
    </div>
  );
}
