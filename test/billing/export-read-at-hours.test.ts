// The export's read_at takes a zone's offset once per UTC hour in which it does not change
// (common/billing/export-read-at.ts: asking Intl twice a row cost 2.5 s of a 100,000-row export).
// Checked against Intl itself, minute by minute across clock changes (a whole hour's, Lord Howe's
// half hour, Chatham's, St John's within a UTC hour) and at random moments over twenty years in zones with odd offsets.
import { describe, expect, it } from 'vitest';
import { officeIso } from '../../common/billing/export-read-at';

/** What Intl says the zone's wall clock and offset are at `ms`, as officeIso writes them. */
function intlIso(ms: number, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(ms);
  const f = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const wall = Date.UTC(f('year'), f('month') - 1, f('day'), f('hour'), f('minute'), f('second'));
  const offset = Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
  const abs = Math.abs(offset);
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${String(f('year')).padStart(4, '0')}-${two(f('month'))}-${two(f('day'))}`;
  const time = `${two(f('hour'))}:${two(f('minute'))}:${two(f('second'))}`;
  return `${date}T${time}${offset < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

describe("read_at's offset, one Intl call per steady hour", () => {
  it.each([
    ['Europe/Berlin', '2026-03-29T00:00:00Z'],
    ['Europe/Berlin', '2026-10-25T00:00:00Z'],
    ['America/New_York', '2026-11-01T05:00:00Z'],
    ['Australia/Lord_Howe', '2026-04-04T14:00:00Z'],
    ['Pacific/Chatham', '2026-04-04T13:00:00Z'],
    // St John's changes at 02:00 local, 05:30 UTC: within a UTC hour.
    ['America/St_Johns', '2026-03-08T04:00:00Z'],
  ])('agrees with Intl minute by minute across the clock change in %s after %s', (zone, from) => {
    const start = Date.parse(from);
    for (let m = 0; m < 4 * 60; m++) {
      const ms = start + m * 60_000 + 17_000;
      expect(officeIso(new Date(ms).toISOString(), zone)).toBe(intlIso(ms, zone));
    }
  });

  it('agrees with Intl at random moments over twenty years', () => {
    let seed = 30;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const from = Date.parse('2015-01-01T00:00:00Z');
    const span = 20 * 365 * 86_400_000;
    for (const zone of ['Asia/Kathmandu', 'America/St_Johns', 'Europe/Dublin', 'UTC']) {
      for (let i = 0; i < 2_000; i++) {
        const ms = from + Math.floor(next() * span);
        expect(officeIso(new Date(ms).toISOString(), zone)).toBe(intlIso(ms, zone));
      }
    }
  });
});
