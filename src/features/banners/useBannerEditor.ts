import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useRef } from 'react';
import { MAX_BANNER_BYTES } from '../../../contract/banners';
import type { Language } from '../../i18n';
import type { TFunction } from '../../i18n/translator';
import { formatFileSize } from '../../ui/files/document-file';
import { useObjectUrl } from '../../ui/use-object-url';
import { type BannerField, checkBannerImage } from './banner-form';
import {
  selectEditing,
  selectErrors,
  selectImage,
  selectIsBusy,
  selectIsPreview,
  selectSaveFailure,
  selectValues,
} from './banners-machine';
import type { BannersActor } from './banners-view';
import { BANNER_MESSAGES_KEY as K } from './messages';

export const bannerFieldId = (name: string) => `banner-${name}`;

/** The fields in the order a teller reads them, so the first one wrong takes the focus. */
const FIELD_ORDER = ['title', 'link', 'language', 'startsOn', 'endsOn', 'position', 'image'] as const;

/**
 * What the banner editor shows of the banners machine, and what it sends back: the heading takes
 * the focus when the step changes and a refused save takes it when it appears.
 */
export function useBannerEditor(actor: BannersActor, t: TFunction, lang: Language, imageBase: string) {
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
  const change = (name: BannerField) => (value: string) => actor.send({ type: 'field.change', name, value });
  /** A text field's id, label, error, value and change, by its name. */
  const field = (name: Exclude<BannerField, 'image'>) => ({
    id: bannerFieldId(name),
    label: t(`${K}.editor.${name}`),
    error: errors[name] ? t(`${K}.errors.${name}`) : undefined,
    value: values[name],
    onValue: change(name),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'editor.preview' });
    const now = actor.getSnapshot().context.errors;
    const first = FIELD_ORDER.find((f) => now[f]);
    if (first) document.getElementById(bannerFieldId(first))?.focus();
  }

  return {
    editing,
    values,
    image,
    errors,
    preview,
    saveFailure,
    busy,
    headingRef,
    alertRef,
    heading,
    field,
    submit,
    imageSrc: objectUrl ?? (editing ? `${imageBase}${editing.imageUrl}` : null),
    maxSize: formatFileSize(MAX_BANNER_BYTES, lang),
    pickImage: async (file: File) => actor.send({ type: 'image.pick', image: await checkBannerImage(file) }),
    setActive: (active: boolean) => actor.send({ type: 'active.change', active }),
    back: () => actor.send({ type: 'editor.back' }),
    save: () => actor.send({ type: 'editor.save' }),
    cancel: () => actor.send({ type: 'editor.cancel' }),
  };
}

export type BannerEditorView = ReturnType<typeof useBannerEditor>;
