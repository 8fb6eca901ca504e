// The handle at a column header's right edge: drag it, or focus it and press ← / →, to make the
// column narrower or wider (whole file names at 1440 px, or a long problem text).
const STEP = 16;

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
  const current = (el: HTMLElement): number =>
    width ?? el.parentElement?.getBoundingClientRect().width ?? min;
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuemin={min}
      aria-valuenow={width ?? undefined}
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
          onResize(Math.max(min, Math.round(start + ev.clientX - startX)));
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
        onResize(Math.max(min, Math.round(current(e.currentTarget) + delta)));
      }}
    />
  );
}
