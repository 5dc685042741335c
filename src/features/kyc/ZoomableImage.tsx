import { ZoomIn, ZoomOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../ui/Button';

/** The steps of the zoom, as multiples of the image's own pixels. */
const ZOOMS = [1, 1.5, 2, 3, 4] as const;

/**
 * A document image at its natural size (never blown up past its own pixels, only shrunk to
 * fit its column), with zoom steps for the reviewer who must read a card number; zoomed, it
 * scrolls inside its frame rather than pushing the page wider.
 */
export function ZoomableImage({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [naturalWidth, setNaturalWidth] = useState<number | null>(null);
  const zoom = ZOOMS[step] ?? 1;
  const zoomed = step > 0 && naturalWidth !== null;
  return (
    <figure className="mt-3 space-y-2">
      <div className="max-h-[70vh] overflow-auto rounded border border-line bg-sunken" data-testid="document-frame">
        <img
          src={url}
          alt={title}
          onLoad={(e) => setNaturalWidth(e.currentTarget.naturalWidth)}
          style={zoomed ? { width: naturalWidth * zoom, maxWidth: 'none' } : undefined}
          className="block h-auto max-w-full"
        />
      </div>
      <figcaption className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('kyc.documents.zoomOut', { title })}
          disabled={step === 0}
          onClick={() => setStep((s) => Math.max(0, s - 1))}
        >
          <ZoomOut size={16} aria-hidden />
        </Button>
        <output className="min-w-12 text-center text-sm text-muted tabular-nums" aria-live="polite">
          {t('kyc.documents.zoom', { percent: Math.round(zoom * 100) })}
        </output>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('kyc.documents.zoomIn', { title })}
          disabled={step === ZOOMS.length - 1}
          onClick={() => setStep((s) => Math.min(ZOOMS.length - 1, s + 1))}
        >
          <ZoomIn size={16} aria-hidden />
        </Button>
      </figcaption>
    </figure>
  );
}
