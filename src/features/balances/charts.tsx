/**
 * Small inline SVG charts (no chart library). Each is an image with a title and a
 * description; the page shows the same numbers in a table next to it.
 */
import { useId } from 'react';

export interface DayPoint {
  date: string;
  credits: number;
  debits: number;
  closing: number;
}

const W = 640;
const LINE_H = 160;
const GAP = 16;
const BAR_H = 64;
const H = LINE_H + GAP + BAR_H + 18;
const LEFT = 4;
const RIGHT = W - 4;

function extent(values: readonly number[]): [number, number] {
  let min = Math.min(0, ...values);
  let max = Math.max(0, ...values);
  if (min === max) {
    min -= 1;
    max += 1;
  }
  return [min, max];
}

/**
 * The daily closing balance as a line over a shaded area, and under it the credits (up,
 * green) and debits (down, red) of each day as bars.
 */
export function BalanceChart({
  days,
  title,
  description,
  formatAmount,
  formatDate,
}: {
  days: readonly DayPoint[];
  title: string;
  description: string;
  formatAmount: (n: number) => string;
  formatDate: (d: string) => string;
}) {
  const id = useId();
  const n = days.length;
  const [minC, maxC] = extent(days.map((d) => d.closing));
  const xAt = (i: number) => (n <= 1 ? (LEFT + RIGHT) / 2 : LEFT + (i * (RIGHT - LEFT)) / (n - 1));
  const yAt = (v: number) => 8 + (LINE_H - 16) * (1 - (v - minC) / (maxC - minC));
  const points = days.map((d, i) => `${xAt(i).toFixed(1)},${yAt(d.closing).toFixed(1)}`);
  const baseline = yAt(Math.max(minC, Math.min(0, maxC)));
  const area =
    n > 0
      ? `M${xAt(0).toFixed(1)},${baseline.toFixed(1)} L${points.join(' L')} L${xAt(n - 1).toFixed(1)},${baseline.toFixed(1)} Z`
      : '';

  const flowMax = Math.max(1, ...days.map((d) => Math.max(d.credits, d.debits)));
  const barTop = LINE_H + GAP;
  const barMid = barTop + BAR_H / 2;
  const slot = (RIGHT - LEFT) / Math.max(1, n);
  const barW = Math.max(1, Math.min(18, slot * 0.35));
  const barX = (i: number) => LEFT + slot * i + slot / 2;
  const barLen = (v: number) => (Math.abs(v) / flowMax) * (BAR_H / 2 - 2);

  return (
    <svg role="img" aria-labelledby={`${id}-title ${id}-desc`} viewBox={`0 0 ${W} ${H}`} className="h-auto w-full">
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <g className="text-muted" stroke="currentColor" strokeWidth="1">
        <line x1={LEFT} x2={RIGHT} y1={yAt(maxC)} y2={yAt(maxC)} strokeDasharray="3 3" />
        <line x1={LEFT} x2={RIGHT} y1={baseline} y2={baseline} />
        <line x1={LEFT} x2={RIGHT} y1={barMid} y2={barMid} />
      </g>
      {n > 0 && (
        <>
          <path d={area} className="fill-brand-500/15" />
          <polyline
            points={points.join(' ')}
            fill="none"
            className="stroke-accent"
            strokeWidth="2"
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
          {n === 1 && <circle cx={xAt(0)} cy={yAt(days[0]?.closing ?? 0)} r="3" className="fill-accent" />}
        </>
      )}
      {days.map((d, i) => (
        <g key={d.date}>
          <rect
            x={barX(i) - barW}
            y={barMid - barLen(d.credits)}
            width={barW}
            height={barLen(d.credits)}
            className="fill-success"
          >
            <title>{`${formatDate(d.date)} +${formatAmount(d.credits)}`}</title>
          </rect>
          <rect x={barX(i)} y={barMid} width={barW} height={barLen(d.debits)} className="fill-danger">
            <title>{`${formatDate(d.date)} −${formatAmount(d.debits)}`}</title>
          </rect>
        </g>
      ))}
      <g className="fill-muted text-[11px]">
        <text x={LEFT + 2} y={yAt(maxC) - 2}>
          {formatAmount(maxC)}
        </text>
        {n > 0 && (
          <>
            <text x={LEFT} y={H - 2}>
              {formatDate(days[0]?.date ?? '')}
            </text>
            {n > 1 && (
              <text x={RIGHT} y={H - 2} textAnchor="end">
                {formatDate(days[n - 1]?.date ?? '')}
              </text>
            )}
          </>
        )}
      </g>
    </svg>
  );
}

export interface BarDatum {
  key: string;
  label: string;
  value: number;
}

/** Horizontal bars, one per row, labelled with its name and value. */
export function HorizontalBarChart({
  data,
  title,
  description,
  formatValue,
}: {
  data: readonly BarDatum[];
  title: string;
  description: string;
  formatValue: (n: number) => string;
}) {
  const id = useId();
  const row = 34;
  const width = 640;
  const labelW = 200;
  const valueW = 150;
  const barSpace = width - labelW - valueW;
  const max = Math.max(1, ...data.map((d) => Math.abs(d.value)));
  const height = Math.max(row, data.length * row);
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${width} ${height}`}
      className="w-full"
      style={{ maxHeight: `${Math.max(3, data.length) * 2.75}rem` }}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {data.map((d, i) => {
        const y = i * row;
        const len = (Math.abs(d.value) / max) * (barSpace - 8);
        return (
          <g key={d.key}>
            <text x={labelW - 8} y={y + row / 2 + 4} textAnchor="end" className="fill-ink text-[13px]">
              {d.label}
            </text>
            <rect
              x={labelW}
              y={y + 7}
              width={Math.max(len, d.value === 0 ? 0 : 2)}
              height={row - 14}
              rx="3"
              className={d.value < 0 ? 'fill-danger' : 'fill-brand-600'}
            />
            <text x={labelW + len + 6} y={y + row / 2 + 4} className="fill-muted text-[12px]">
              {formatValue(d.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
