import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { axisLabelIndices, niceScale } from './chartScale';

/** The width of a box, followed as it resizes (at least 240 px; 640 before the first measure). */
export function useBoxWidth(): [RefObject<HTMLDivElement>, number] {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const update = () => {
      const width = Math.max(240, el.clientWidth);
      startTransition(() => setWidth(width));
    };
    // Read when the observer reports the box (once on observing it, after the layout): reading it
    // here would force a layout in the middle of the page's first render. The chart is drawn again
    // as a transition: in slices, after anything the merchant does.
    if (typeof ResizeObserver === 'undefined') return void update();
    const ro = new ResizeObserver(update);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [box, width];
}

/** Gap between a value label and the plot, and a generous width of one 11 px character (digits, signs). */
const TICK_GAP = 8;
const TICK_CHAR_PX = 6.6;

interface Props {
  width: number;
  height: number;
  /** Left padding: room for the value axis labels. */
  padLeft: number;
  /** Days of the range (YYYY-MM-DD) and their values. */
  dates: string[];
  values: number[];
  format(value: number): string;
  ariaLabel: string;
  testId: string;
  /** The hovered day (a dot on the line), and where hovering is reported. */
  hover?: number | null;
  onHover?(index: number | null): void;
}

/** The width of the bar that stands for a range of one day (a line needs two days), in px. */
export const SINGLE_DAY_BAR_WIDTH = 48;

/**
 * A small SVG area chart of one value per day (no chart library): a nice value scale with dashed
 * grid lines, date labels spaced so they never overlap, one hover target per day. A range of one
 * day (Today, Yesterday) is a bar with a dot on its value: a line of one point would draw nothing.
 */
export function AreaChartSvg({
  width,
  height,
  padLeft,
  dates,
  values,
  format,
  ariaLabel,
  testId,
  hover = null,
  onHover,
}: Props) {
  const intl = useIntl();
  const { top, step } = niceScale(Math.max(0, ...values));
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const tickLabel = (v: number) => format(v).replace(/[.,]00(?=\D*$)/, '');
  // `padLeft` at least, more when the language writes the axis' amounts longer ("2 000 $US", "CHF 1’000").
  const widest = Math.max(0, ...ticks.map((v) => tickLabel(v).length));
  const pad = {
    top: 12,
    right: 12,
    bottom: 28,
    left: Math.max(padLeft, Math.ceil(TICK_GAP + widest * TICK_CHAR_PX + 2)),
  };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const count = dates.length;
  const x = (i: number) => pad.left + (count <= 1 ? innerW / 2 : (i * innerW) / (count - 1));
  const y = (v: number) => pad.top + innerH - (v / top) * innerH;
  const line = values.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const area = `${line} L${x(values.length - 1).toFixed(1)},${y(0)} L${x(0).toFixed(1)},${y(0)} Z`;
  const labelled = new Set(axisLabelIndices(count, innerW));
  const shortDate = (day: string) =>
    intl.formatDate(`${day}T12:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const anchor = (i: number) => (i === count - 1 && count > 1 ? 'end' : i === 0 && count > 1 ? 'start' : 'middle');

  return (
    <svg
      width={width}
      height={height}
      role="img"
      aria-label={ariaLabel}
      onMouseLeave={() => onHover?.(null)}
      data-testid={testId}
    >
      {ticks.map((v) => (
        <g key={v}>
          <line
            x1={pad.left}
            x2={width - pad.right}
            y1={y(v)}
            y2={y(v)}
            stroke="var(--p-color-border-secondary, #e3e3e3)"
            strokeDasharray={v ? '3 3' : undefined}
          />
          <text
            x={pad.left - TICK_GAP}
            y={y(v) + 4}
            textAnchor="end"
            fontSize="11"
            fill="var(--p-color-text-secondary, #616161)"
          >
            {tickLabel(v)}
          </text>
        </g>
      ))}
      {dates.map((date, i) =>
        labelled.has(i) ? (
          <text
            key={date}
            x={x(i)}
            y={height - 8}
            textAnchor={anchor(i)}
            fontSize="11"
            fill="var(--p-color-text-secondary, #616161)"
          >
            {shortDate(date)}
          </text>
        ) : null,
      )}
      {count > 1 && <path d={area} fill="var(--p-color-bg-fill-info, #e0f0ff)" opacity={0.7} />}
      {count > 1 && (
        <path
          d={line}
          fill="none"
          stroke="var(--p-color-bg-fill-brand, #303030)"
          strokeWidth={2}
          strokeLinejoin="round"
        />
      )}
      {count === 1 && (
        <SingleDay x={x(0)} top={y(values[0])} bottom={y(0)} width={Math.min(SINGLE_DAY_BAR_WIDTH, innerW / 3)} />
      )}
      {dates.map((date, i) => (
        <rect
          key={date}
          x={x(i) - innerW / Math.max(1, count) / 2}
          y={pad.top}
          width={innerW / Math.max(1, count)}
          height={innerH}
          fill="transparent"
          onMouseEnter={onHover ? () => onHover(i) : undefined}
        >
          <title>
            {intl.formatMessage({ id: 'General.labelValue' }, { label: shortDate(date), value: format(values[i]) })}
          </title>
        </rect>
      ))}
      {hover !== null && hover < values.length && (
        <circle cx={x(hover)} cy={y(values[hover])} r={4} fill="var(--p-color-bg-fill-brand, #303030)" />
      )}
    </svg>
  );
}

/** One day's value: a bar from the axis up to it, topped by a dot. */
function SingleDay({ x, top, bottom, width }: { x: number; top: number; bottom: number; width: number }) {
  return (
    <g data-testid="single-day">
      <rect
        x={x - width / 2}
        y={top}
        width={width}
        height={Math.max(0, bottom - top)}
        fill="var(--p-color-bg-fill-info, #e0f0ff)"
        opacity={0.7}
      />
      <line
        x1={x - width / 2}
        x2={x + width / 2}
        y1={top}
        y2={top}
        stroke="var(--p-color-bg-fill-brand, #303030)"
        strokeWidth={2}
      />
      <circle cx={x} cy={top} r={4} fill="var(--p-color-bg-fill-brand, #303030)" />
    </g>
  );
}
