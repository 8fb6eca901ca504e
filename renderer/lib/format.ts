// Numbers, durations and names as office staff read them: grouped digits, rounded durations, the
// last part of a path. Locale-aware through Intl, so a German office sees 1.234 and 12:30.

const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

export function formatCount(n: number): string {
  return integer.format(n);
}

/** "1 photo", "2,340 photos". */
export function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A wait or an ETA, rounded to what a person cares about: "45 s", "3 min", "1 h 20 min". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${String(s)} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${String(min)} min`;
  const h = Math.floor(min / 60);
  const rest = min % 60;
  return rest === 0 ? `${String(h)} h` : `${String(h)} h ${String(rest)} min`;
}

/** Photos per minute, with one decimal below ten so a slow trickle does not read as zero. */
export function formatRate(perMinute: number): string {
  if (perMinute >= 10) return formatCount(Math.round(perMinute));
  return (Math.round(perMinute * 10) / 10).toLocaleString();
}

/** The last segment of a POSIX or Windows path. */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]/).filter((p) => p !== '');
  return parts.at(-1) ?? path;
}

/** The folder part of a relative path ("" for a file at the top of the added folder). */
export function dirName(relPath: string): string {
  const i = Math.max(relPath.lastIndexOf('/'), relPath.lastIndexOf('\\'));
  return i < 0 ? '' : relPath.slice(0, i);
}

/** A moment of today as its time; of another day with the date in front. */
export function formatTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const time = d.toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  if (d.toDateString() === now.toDateString()) return time;
  return `${d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })} ${time}`;
}

/** A day in the person's own format (quota expiry): "31 Dec 2030". */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
