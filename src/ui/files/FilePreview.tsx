/** What was picked, before it is sent: an image as a preview, a PDF by its name and size. */
import { FileText } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import type { Language } from '../../i18n';
import { useObjectUrl } from '../use-object-url';
import { type CheckedFile, formatFileSize, isImage } from './document-file';

export function FilePreview({ checked, lang }: { checked: CheckedFile; lang: Language }) {
  const { t } = useTranslation();
  const image = checked.problem === null && isImage(checked.mimeType);
  const url = useObjectUrl(image ? checked.file : null);
  return (
    <figure className="flex items-center gap-3 rounded-md border border-line bg-surface p-2" data-testid="file-preview">
      {image && url ? (
        <img
          src={url}
          alt={t('kyc.upload.previewOf', { name: checked.file.name })}
          className="h-20 w-20 rounded object-cover"
        />
      ) : (
        <FileText size={32} aria-hidden className="shrink-0 text-muted" />
      )}
      <figcaption className="min-w-0 text-sm">
        <span className="block truncate font-medium text-ink">{checked.file.name}</span>
        <span className="text-muted">{formatFileSize(checked.file.size, lang)}</span>
      </figcaption>
    </figure>
  );
}
