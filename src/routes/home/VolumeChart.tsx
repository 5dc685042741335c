/**
 * The home page's 14-day volume: bars over a value axis with day labels, drawn in pixels at the
 * width the chart has (so its text stays legible on a phone), and the same figures as a table for
 * screen readers.
 */
import { useRef } from 'react';
import type { Language } from '../../i18n';
import { formatCompact, formatDay, formatXof } from '../../i18n/format';
import { useTranslation } from '../../i18n/react';
import { useContainerWidth } from '../../ui/table/use-container-width';

const HEIGHT = 180;
const AXIS = 44;
const TOP = 18;
const BOTTOM = 22;
/** Room one text label needs along the x axis. */
const LABEL_ROOM = 40;

const dayLabel = (date: string) => formatDay(date).slice(0, 5);

export function VolumeChart({ days, lang }: { days: { date: string; value: number }[]; lang: Language }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const width = useContainerWidth(box) ?? 560;
  const max = Math.max(1, ...days.map((d) => d.value));
  const plot = { left: AXIS, width: Math.max(1, width - AXIS), height: HEIGHT - TOP - BOTTOM };
  const step = plot.width / Math.max(1, days.length);
  // Every day is labelled when there is room, else every second or third one (the last always).
  const every = Math.max(1, Math.ceil(LABEL_ROOM / step));
  const labelled = (i: number) => (days.length - 1 - i) % every === 0;
  const ticks = [0, max / 2, max];
  const y = (value: number) => TOP + plot.height - (value / max) * plot.height;

  return (
    <>
      <div ref={box} className="w-full">
        <svg width={width} height={HEIGHT} aria-hidden className="block overflow-visible text-[11px]">
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={AXIS} x2={width} y1={y(tick)} y2={y(tick)} className="stroke-line" />
              <text x={AXIS - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-muted">
                {formatCompact(tick, lang)}
              </text>
            </g>
          ))}
          {days.map((d, i) => {
            const top = y(d.value);
            const x = plot.left + i * step;
            return (
              <g key={d.date}>
                <rect
                  x={x + step * 0.15}
                  y={Math.min(top, y(0) - 1)}
                  width={step * 0.7}
                  height={Math.max(1, y(0) - top)}
                  rx={2}
                  className="fill-brand-500"
                >
                  <title>{`${formatDay(d.date)}: ${formatXof(d.value, lang)}`}</title>
                </rect>
                {labelled(i) && (
                  <>
                    <text x={x + step / 2} y={top - 4} textAnchor="middle" className="fill-ink">
                      {formatCompact(d.value, lang)}
                    </text>
                    <text x={x + step / 2} y={HEIGHT - 6} textAnchor="middle" className="fill-muted">
                      {dayLabel(d.date)}
                    </text>
                  </>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <table className="sr-only">
        <caption>{t('home.chartTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('home.chartDay')}</th>
            <th scope="col">{t('home.chartVolume')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{formatDay(d.date)}</th>
              <td>{formatXof(d.value, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
