import { useSelector } from '@xstate/react';
import { type FormEvent, useId } from 'react';
import type { DocumentType } from '../../../contract/kyc';
import { checkDocumentFile } from '../../ui/files/document-file';
import {
  selectDocType,
  selectErrors,
  selectFailure,
  selectFile,
  selectIsBusy,
  selectIsUploading,
  type UploadActor,
} from './upload-machine';

/**
 * What the upload form shows of the machine, and what it sends: a refused upload moves focus to
 * the first field the machine found wrong; a picked file is checked (type, size) before it is sent.
 */
export function useAccountUpload(actor: UploadActor) {
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'document.upload' });
    const shown = actor.getSnapshot().context.errors;
    const first = shown.type ? `${id}-type` : shown.file ? `${id}-file` : null;
    if (first) document.getElementById(first)?.focus();
  }

  async function pickFile(picked: File | undefined) {
    if (!picked) return actor.send({ type: 'document.clear' });
    actor.send({ type: 'document.pick', checked: await checkDocumentFile(picked) });
  }

  return {
    id,
    docType: useSelector(actor, selectDocType),
    file: useSelector(actor, selectFile),
    errors: useSelector(actor, selectErrors),
    failure: useSelector(actor, selectFailure),
    uploading: useSelector(actor, selectIsUploading),
    busy: useSelector(actor, selectIsBusy),
    submit,
    pickFile,
    chooseType: (docType: DocumentType | '') => actor.send({ type: 'document.type', docType }),
    changeAccount: () => actor.send({ type: 'account.change' }),
  };
}

export type AccountUploadState = ReturnType<typeof useAccountUpload>;
