// The handle at a column header's right edge: drag it, or focus it and press ← / →, to make the
// column narrower or wider (whole file names at 1440 px, or a long problem text).
import { useLayoutEffect, useRef, useState } from 'react';

const STEP = 16;
const MAX_WIDTH = 1200;

export function ColumnResizer({
  label,
  width,
  min,
  onResize,
}: {
  label: string;
  /** The width set by hand, or null while the column has its own. */
  width: number | null;
  min: number;
  onResize: (width: number) => void;
}): React.JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  // A focusable separator tells its value: the column's width as laid out until set by hand.
  const [laidOut, setLaidOut] = useState(min);
  useLayoutEffect(() => {
    const w = ref.current?.parentElement?.getBoundingClientRect().width;
    if (w) setLaidOut(Math.round(w));
  }, [width]);
  const current = (el: HTMLElement): number =>
    width ?? el.parentElement?.getBoundingClientRect().width ?? min;
  return (
    <div
      ref={ref}
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuemin={min}
      aria-valuemax={MAX_WIDTH}
      aria-valuenow={width ?? laidOut}
      tabIndex={0}
      className="col-resizer"
      data-testid="col-resizer"
      onPointerDown={(e) => {
        e.preventDefault();
        e.stopPropagation();
        const el = e.currentTarget;
        const startX = e.clientX;
        const start = current(el);
        el.setPointerCapture(e.pointerId);
        const move = (ev: PointerEvent): void => {
          onResize(Math.min(MAX_WIDTH, Math.max(min, Math.round(start + ev.clientX - startX))));
        };
        const up = (): void => {
          el.removeEventListener('pointermove', move);
          el.removeEventListener('pointerup', up);
        };
        el.addEventListener('pointermove', move);
        el.addEventListener('pointerup', up);
      }}
      onClick={(e) => {
        e.stopPropagation();
      }}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
        e.preventDefault();
        e.stopPropagation();
        const delta = e.key === 'ArrowRight' ? STEP : -STEP;
        onResize(Math.min(MAX_WIDTH, Math.max(min, Math.round(current(e.currentTarget) + delta))));
      }}
    />
  );
}
