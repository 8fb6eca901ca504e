// The meter photo, enlarged and moved to read small digits: the wheel or + / − zoom (about the
// pointer with the wheel), dragging or the arrow keys move it, 0 or "Fit" shows it whole again.
// The view is a transform on the image inside a frame that clips it: nothing around it moves.
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/i18n';

const MIN_ZOOM = 1;
const MAX_ZOOM = 8;
const STEP = 1.25;
/** How far one arrow key press moves the photo, in px of the frame. */
const PAN_STEP = 40;

interface View {
  readonly zoom: number;
  readonly x: number;
  readonly y: number;
}

const FIT: View = { zoom: 1, x: 0, y: 0 };

/** Keeps the enlarged photo covering the frame: it cannot be dragged out of sight. */
function clamp(view: View, frame: { width: number; height: number }): View {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.zoom));
  const maxX = (frame.width * (zoom - 1)) / 2;
  const maxY = (frame.height * (zoom - 1)) / 2;
  return {
    zoom,
    x: Math.min(maxX, Math.max(-maxX, view.x)),
    y: Math.min(maxY, Math.max(-maxY, view.y)),
  };
}

/** Zoomed by `factor`, the point (px from the frame's centre) staying where it is. */
function zoomAt(v: View, factor: number, px: number, py: number): View {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, v.zoom * factor));
  const k = zoom / v.zoom;
  return { zoom, x: px - (px - v.x) * k, y: py - (py - v.y) * k };
}

export function PhotoViewer({
  url,
  fileName,
  onError,
}: {
  url: string;
  fileName: string;
  onError: () => void;
}): React.JSX.Element {
  const t = useT('desk');
  const frameRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>(FIT);
  const drag = useRef<{ x: number; y: number; view: View } | null>(null);

  // Another photo starts whole.
  useEffect(() => {
    setView(FIT);
  }, [url]);

  const frameSize = (): { width: number; height: number } => {
    const r = frameRef.current?.getBoundingClientRect();
    return { width: r?.width ?? 0, height: r?.height ?? 0 };
  };
  const change = (next: (v: View) => View): void => {
    setView((v) => clamp(next(v), frameSize()));
  };
  const zoomBy = (factor: number): void => {
    change((v) => zoomAt(v, factor, 0, 0));
  };

  // React's onWheel is passive: the page would scroll as well. A native listener may prevent it.
  useEffect(() => {
    const el = frameRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent): void => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      const px = e.clientX - r.left - r.width / 2;
      const py = e.clientY - r.top - r.height / 2;
      const factor = e.deltaY < 0 ? STEP : 1 / STEP;
      setView((v) => clamp(zoomAt(v, factor, px, py), { width: r.width, height: r.height }));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      el.removeEventListener('wheel', onWheel);
    };
  }, []);

  const onKeyDown = (e: React.KeyboardEvent): void => {
    const pan = (dx: number, dy: number): void => {
      change((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
    };
    const keys: Record<string, () => void> = {
      '+': () => {
        zoomBy(STEP);
      },
      '=': () => {
        zoomBy(STEP);
      },
      '-': () => {
        zoomBy(1 / STEP);
      },
      '0': () => {
        setView(FIT);
      },
      ArrowLeft: () => {
        pan(PAN_STEP, 0);
      },
      ArrowRight: () => {
        pan(-PAN_STEP, 0);
      },
      ArrowUp: () => {
        pan(0, PAN_STEP);
      },
      ArrowDown: () => {
        pan(0, -PAN_STEP);
      },
    };
    const act = keys[e.key];
    if (!act || e.ctrlKey || e.metaKey || e.altKey) return;
    // The photo has the keys while it has the focus: J/K and arrows do not reach the table.
    e.preventDefault();
    e.stopPropagation();
    act();
  };

  const percent = String(Math.round(view.zoom * 100));
  return (
    <figure className="photo photo-viewer">
      <div
        ref={frameRef}
        className={`photo-frame${view.zoom > 1 ? ' photo-zoomed' : ''}`}
        role="group"
        tabIndex={0}
        aria-label={t('photo.label', { file: fileName, zoom: percent })}
        data-testid="photo-frame"
        data-zoom={view.zoom.toFixed(3)}
        data-pan={`${view.x.toFixed(1)},${view.y.toFixed(1)}`}
        onKeyDown={onKeyDown}
        onPointerDown={(e) => {
          if (view.zoom <= 1) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          drag.current = { x: e.clientX, y: e.clientY, view };
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (!d) return;
          change(() => ({
            ...d.view,
            x: d.view.x + e.clientX - d.x,
            y: d.view.y + e.clientY - d.y,
          }));
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onDoubleClick={() => {
          setView(FIT);
        }}
      >
        <img
          key={url}
          src={url}
          alt={t('photo.alt', { file: fileName })}
          draggable={false}
          onError={onError}
          style={{
            transform: `translate(${view.x.toFixed(1)}px, ${view.y.toFixed(1)}px) scale(${view.zoom.toFixed(3)})`,
          }}
          data-testid="detail-photo"
        />
      </div>
      <figcaption className="photo-tools">
        <button
          type="button"
          className="btn btn-small btn-icon"
          aria-label={t('photo.zoomOut')}
          title={t('photo.zoomOut')}
          disabled={view.zoom <= MIN_ZOOM}
          onClick={() => {
            zoomBy(1 / STEP);
          }}
          data-testid="photo-zoom-out"
        >
          −
        </button>
        <output className="photo-zoom small muted" aria-live="polite">
          {t('photo.zoom', { zoom: percent })}
        </output>
        <button
          type="button"
          className="btn btn-small btn-icon"
          aria-label={t('photo.zoomIn')}
          title={t('photo.zoomIn')}
          disabled={view.zoom >= MAX_ZOOM}
          onClick={() => {
            zoomBy(STEP);
          }}
          data-testid="photo-zoom-in"
        >
          +
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={view.zoom === 1 && view.x === 0 && view.y === 0}
          onClick={() => {
            setView(FIT);
          }}
          data-testid="photo-fit"
        >
          {t('photo.fit')}
        </button>
      </figcaption>
    </figure>
  );
}
