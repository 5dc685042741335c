/**
 * /upload-document: add KYC documents to an account the caller may review. The
 * upload machine is assembled here with the API: the account is found by its number, or by
 * a phone or name through the review lists the caller's group may upload to.
 */
import { useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Search } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { usePageMessages } from '../../i18n/page-messages';
import { KYC_MESSAGES, KYC_MESSAGES_KEY } from './messages';
import { fromPromise } from 'xstate';
import { ACCOUNT_KIND_OF_LIST, KYC_LIST_KINDS, mayUploadDocuments } from '../../../contract/kyc';
import type { KycAccountDetail } from '../../../contract/api/kyc';
import type { GroupKey } from '../../../contract/groups';
import { useServices } from '../../app/ServicesContext';
import { useMenuContext } from '../../app/use-menu-context';
import { isLanguage, type Language } from '../../i18n';
import { Badge } from '../../ui/values';
import { PageFrame } from '../../ui/PageFrame';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/form/FormField';
import { FailureAlert } from '../../ui/parts';
import { useNoMatch } from '../../ui/list/use-no-match';
import { DocumentList } from './DocumentViewer';
import { DocumentUploadForm } from './DocumentUploadForm';
import { UploadAccountSummary } from './UploadAccountSummary';
import { useAccountUpload } from './useAccountUpload';
import { type KycApi, kycApi } from './kyc-api';
import { documentTitle, kycStatusLabel } from '../../ui/kyc-labels';
import {
  type AccountMatch,
  selectAccount,
  selectErrors,
  selectFailure,
  selectIsBusy,
  selectIsChoosing,
  selectIsFinding,
  selectMatches,
  selectNotFound,
  selectTerm,
  type UploadActor,
  uploadMachine,
} from './upload-machine';
import type { HostedPageProps } from '../../ui/hosted-page';

const ACCOUNT_NUMBER = /^[A-Za-z]{2,5}-[A-Za-z0-9_-]{1,40}$/;
const SEARCH_PAGE_SIZE = 10;

/** By number straight away; otherwise the review lists this group may upload to, searched together. */
async function findAccounts(api: KycApi, group: GroupKey, term: string, signal: AbortSignal): Promise<AccountMatch[]> {
  if (ACCOUNT_NUMBER.test(term)) return [{ number: term.toUpperCase(), name: '', phone: null, kycStatus: '' }];
  const kinds = KYC_LIST_KINDS.filter((kind) => mayUploadDocuments(group, ACCOUNT_KIND_OF_LIST[kind]));
  const pages = await Promise.all(
    kinds.map((kind) => api.list(kind, { q: term, page: 1, pageSize: SEARCH_PAGE_SIZE }, signal)),
  );
  return pages.flatMap((p) => p.rows.map(({ number, name, phone, kycStatus }) => ({ number, name, phone, kycStatus })));
}

export default function UploadDocumentPage({ title }: HostedPageProps) {
  const { i18n } = usePageMessages(KYC_MESSAGES_KEY, KYC_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const services = useServices();
  const ctx = useMenuContext();
  const group = ctx?.group ?? 'admin';
  const api = useMemo(() => kycApi(services.api), [services.api]);
  const initial = typeof search.account === 'string' && ACCOUNT_NUMBER.test(search.account) ? search.account : '';

  const actor = useActorRef(
    uploadMachine.provide({
      actors: {
        findAccounts: fromPromise(({ input, signal }) => findAccounts(api, group, input.term, signal)),
        loadAccount: fromPromise(({ input, signal }) => api.account(input.number, signal)),
        uploadDocument: fromPromise(({ input }) => api.upload(input.number, input.docType, input.file)),
      },
      actions: {
        announceUpload: (_, { document, number }) =>
          services.notifications.notify(
            services.i18n.t('kyc.upload.done', {
              document: documentTitle(
                document.type,
                isLanguage(services.i18n.language) ? services.i18n.language : 'en',
              ),
              number,
            }),
          ),
      },
    }),
    { input: { number: initial.toUpperCase() } },
  );
  const finding = useSelector(actor, selectIsFinding);
  const account = useSelector(actor, selectAccount);

  return (
    <PageFrame title={title}>
      <div className="mx-auto max-w-3xl space-y-4">
        <AccountFinder actor={actor} compact={!finding} />
        {!finding && account && <AccountUpload actor={actor} account={account} api={api} lang={lang} />}
      </div>
    </PageFrame>
  );
}

function AccountFinder({ actor, compact }: { actor: UploadActor; compact: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const term = useSelector(actor, selectTerm);
  const [value, setValue] = useState(term);
  const busy = useSelector(actor, selectIsBusy);
  const finding = useSelector(actor, selectIsFinding);
  const errors = useSelector(actor, selectErrors);
  const notFound = useSelector(actor, selectNotFound);
  const failure = useSelector(actor, selectFailure);
  const choosing = useSelector(actor, selectIsChoosing);
  const matches = useSelector(actor, selectMatches);
  const { tryAnotherWay } = useNoMatch();

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'account.search', term: value });
    if (actor.getSnapshot().context.errors.term) document.getElementById(`${id}-term`)?.focus();
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-line bg-raised p-4 shadow-sm">
      <h2 id={`${id}-title`} className={compact ? 'sr-only' : 'mb-3 text-lg font-semibold text-ink'}>
        {t('kyc.upload.findTitle')}
      </h2>
      <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-busy={busy && finding}>
        <div className="min-w-0 flex-1">
          <TextField
            id={`${id}-term`}
            label={t('kyc.upload.find')}
            hint={compact ? undefined : t('kyc.upload.findHint')}
            error={errors.term ? t('kyc.upload.findRequired') : undefined}
            type="search"
            autoComplete="off"
            spellCheck={false}
            value={value}
            onValue={setValue}
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          aria-disabled={busy || undefined}
          loading={busy && finding}
          loadingLabel={t('kyc.upload.finding')}
        >
          <Search size={16} aria-hidden />
          {t('kyc.upload.findButton')}
        </Button>
      </form>
      {finding && notFound && (
        <p role="status" className="mt-3 text-sm text-ink">
          {t('kyc.upload.notFound', { term })} {tryAnotherWay}
        </p>
      )}
      {finding && failure && (
        <div className="mt-3">
          <FailureAlert failure={failure} />
        </div>
      )}
      {choosing && (
        <div className="mt-3">
          <p id={`${id}-choose`} className="mb-2 text-sm text-ink">
            {t('kyc.upload.choose', { count: matches.length })}
          </p>
          <ul aria-labelledby={`${id}-choose`} className="divide-y divide-line rounded-md border border-line">
            {matches.map((m) => (
              <li key={m.number}>
                <button
                  type="button"
                  onClick={() => actor.send({ type: 'account.choose', number: m.number })}
                  className="flex w-full flex-wrap items-center justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-surface"
                >
                  <span>
                    <span className="font-medium text-ink">{m.name}</span>
                    <span className="block text-xs text-muted tabular-nums">
                      {[m.number, m.phone].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                  {m.kycStatus && <Badge value={m.kycStatus} label={kycStatusLabel(t, m.kycStatus)} />}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function AccountUpload({
  actor,
  account,
  api,
  lang,
}: {
  actor: UploadActor;
  account: KycAccountDetail;
  api: KycApi;
  lang: Language;
}) {
  const { t } = useTranslation();
  const upload = useAccountUpload(actor);
  const { id } = upload;

  return (
    <>
      <UploadAccountSummary
        id={`${id}-account`}
        account={account}
        lang={lang}
        uploading={upload.uploading}
        onChangeAccount={upload.changeAccount}
      />

      {!account.permissions.canUpload ? (
        <p className="rounded-lg border border-line bg-raised p-4 text-sm text-ink" role="note">
          {t('kyc.upload.notAllowed')}
        </p>
      ) : (
        <DocumentUploadForm account={account} lang={lang} upload={upload} />
      )}

      <section aria-labelledby={`${id}-documents`} className="rounded-lg border border-line bg-raised p-4 shadow-sm">
        <h2 id={`${id}-documents`} className="mb-2 text-lg font-semibold text-ink">
          {t('kyc.upload.onFile', { count: account.documents.length })}
        </h2>
        <DocumentList documents={account.documents} lang={lang} fetchContent={api.content} />
      </section>
    </>
  );
}
