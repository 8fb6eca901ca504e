// A small set of line icons drawn for MeterDesk (16 px grid, currentColor), so status words,
// buttons and banners share one look in light and dark themes. Decorative: the word beside each
// icon carries the meaning, so they are hidden from assistive technology.
import type { IconName } from '../lib/states';

const PATHS: Record<IconName, string> = {
  clock: 'M8 14.5A6.5 6.5 0 1 0 8 1.5a6.5 6.5 0 0 0 0 13ZM8 4.5V8l2.5 1.5',
  upload: 'M8 11V2.5M4.5 6 8 2.5 11.5 6M2.5 11v2.5h11V11',
  hourglass:
    'M4 1.5h8M4 14.5h8M5 1.5c0 3 6 3.5 6 6.5s-6 3.5-6 6.5M11 1.5c0 3-6 3.5-6 6.5s6 3.5 6 6.5',
  check: 'M8 14.5A6.5 6.5 0 1 0 8 1.5a6.5 6.5 0 0 0 0 13ZM5 8.2l2 2 4-4.2',
  cross: 'M8 14.5A6.5 6.5 0 1 0 8 1.5a6.5 6.5 0 0 0 0 13ZM5.7 5.7l4.6 4.6M10.3 5.7l-4.6 4.6',
  ban: 'M8 14.5A6.5 6.5 0 1 0 8 1.5a6.5 6.5 0 0 0 0 13ZM3.4 3.4l9.2 9.2',
  flag: 'M3.5 14.5v-13M3.5 2h8l-1.8 3 1.8 3h-8',
  pause: 'M5.5 3v10M10.5 3v10',
  play: 'M4.5 2.5v11l9-5.5-9-5.5Z',
  'cloud-off': 'M2 2l12 12M6 4.2A4 4 0 0 1 11.8 7 2.8 2.8 0 0 1 13 12M10 12.5H4.5a3 3 0 0 1-.7-5.9',
  key: 'M10 9.5a3.5 3.5 0 1 0-3.3-2.3L1.5 12.5v2h2v-1.5H5V11.5h1.5l1.2-1.2A3.5 3.5 0 0 0 10 9.5ZM10.8 5.2h.01',
  lock: 'M3.5 7h9v7.5h-9ZM5.5 7V4.5a2.5 2.5 0 0 1 5 0V7',
  gauge: 'M2 11a6 6 0 1 1 12 0M8 11l3-4M2.5 14h11',
  robot: 'M3 5.5h10v8H3ZM8 5.5V2.5M6 9h.01M10 9h.01M6 11.5h4M1.5 9v2M14.5 9v2',
  info: 'M8 14.5A6.5 6.5 0 1 0 8 1.5a6.5 6.5 0 0 0 0 13ZM8 7v4.5M8 4.8h.01',
  folder: 'M1.5 3.5h5l1.5 2h6.5v8h-13Z',
  search: 'M7 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10ZM14.5 14.5l-4-4',
  plus: 'M8 2.5v11M2.5 8h11',
  download: 'M8 2.5V11M4.5 7.5 8 11l3.5-3.5M2.5 11v2.5h11V11',
  gear: 'M8 10.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4',
  retry: 'M13.5 8A5.5 5.5 0 1 1 11.9 4M13.5 1.5V4.5h-3',
  trash: 'M2.5 4h11M6 4V2.5h4V4M4 4l.7 10h6.6L12 4',
  external: 'M9 2.5h4.5V7M13.5 2.5 7 9M11.5 9.5v4h-9v-9h4',
  close: 'M3.5 3.5l9 9M12.5 3.5l-9 9',
  warning: 'M8 1.8 14.7 13.5H1.3ZM8 6v3.5M8 11.5h.01',
  database:
    'M2.5 3.5c0-1.1 2.5-2 5.5-2s5.5.9 5.5 2v9c0 1.1-2.5 2-5.5 2s-5.5-.9-5.5-2ZM2.5 3.5c0 1.1 2.5 2 5.5 2s5.5-.9 5.5-2M2.5 8c0 1.1 2.5 2 5.5 2s5.5-.9 5.5-2',
};

export function Icon({
  name,
  className,
}: {
  name: IconName;
  className?: string;
}): React.JSX.Element {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
