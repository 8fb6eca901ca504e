import { engineText } from '../../common/engine-messages';
import type { StateCounts } from '../../common/job-record';
import type { Engine } from '../engine/engine';
import type { EngineStatus } from '../../common/engine-status';
import type { CliIo } from './output';
import { addSample, etaMs, finishedOf, ratePerMinute, type Sample } from '../../common/throughput';

const BAR_WIDTH = 28;
const PLAIN_EVERY_MS = 5_000;

export function countsLine(c: StateCounts): string {
  const parts = [
    `done ${c.done}`,
    `failed ${c.failed}`,
    `rejected ${c.rejected}`,
    `queued ${c.queued}`,
    `in flight ${c.uploading + c.submitted}`,
  ];
  if (c.held) parts.push(`held ${c.held}`);
  if (c.photosToReview) parts.push(`photos to review ${c.photosToReview}`);
  return parts.join(' · ');
}

/**
 * One line per drop (a folder or the files given together) when a run had more than one, so a
 * folder left behind is seen, not only the whole queue; '' for a single drop.
 */
export function dropLines(drops: readonly { path: string; counts: StateCounts }[]): string {
  if (drops.length < 2) return '';
  return drops
    .map(({ path, counts: c }) => {
      const final = c.done + c.failed + c.rejected;
      return `  ${path}: ${String(final)}/${String(c.total)} final · ${countsLine(c)}\n`;
    })
    .join('');
}

/**
 * The time left, by the window's rule (common/throughput.ts: nothing until a few readings came
 * back, nothing once every photo left is at the service), or '' while there is none to claim.
 */
export function etaPart(samples: readonly Sample[], counts: StateCounts): string {
  const eta = etaMs(counts, ratePerMinute(samples));
  if (eta === null) return '';
  const s = Math.max(1, Math.round(eta / 1000));
  if (s < 60) return `about ${String(s)} s left`;
  const min = Math.round(s / 60);
  if (min < 60) return `about ${String(min)} min left`;
  return `about ${String(Math.floor(min / 60))} h ${String(min % 60)} min left`;
}

/** What the run is waiting for, in words, or '' while it simply works. */
export function holdLine(s: EngineStatus, now = Date.now()): string {
  const b = s.holds;
  if (b.auth)
    return b.auth.kind === 'key_rejected'
      ? `API key rejected: ${b.auth.message}`
      : `Permission denied: ${b.auth.message}`;
  if (b.settings) return b.settings.message;
  if (b.offline)
    return `Service unreachable, next try in ${Math.max(0, Math.ceil((b.offline.nextProbeAt - now) / 1000))} s`;
  if (b.service) {
    const says = b.service.serviceSays ? ` (the service says: ${b.service.serviceSays})` : '';
    const wait = Math.max(0, Math.ceil((b.service.retryAt - now) / 1000));
    return `Service asks to wait${says}, next try in ${wait} s; no photo fails for it`;
  }
  // Worded from the numbers, as the log line is: the service's own summary is not said here.
  if (b.quota) return engineText('quotaExhausted', { remaining: b.quota.remaining ?? -1 });
  if (s.paused) return 'Paused';
  if (s.ai && !s.ai.isOnline)
    return 'AI offline: tasks wait, cached results are flagged for review';
  return '';
}

/**
 * Follows an engine on the terminal: one redrawn bar on a TTY, a plain line every few seconds
 * (and on every change of hold) otherwise. Log lines are printed as they come.
 */
export function followProgress(
  engine: Engine,
  io: CliIo,
  now: () => number = Date.now,
): () => void {
  let lastPlain = 0;
  let samples: Sample[] = [];
  let lastHold = '';
  let barShown = false;
  const clearBar = (): void => {
    if (barShown) io.err('\r\x1b[2K');
    barShown = false;
  };
  const onStatus = (s: EngineStatus): void => {
    const c = s.counts;
    const final = c.done + c.failed + c.rejected;
    const hold = holdLine(s);
    samples = addSample(samples, { at: now(), finished: finishedOf(c) });
    const eta = hold ? '' : etaPart(samples, c);
    const tail = hold ? ` | ${hold}` : eta ? ` | ${eta}` : '';
    if (io.isTty) {
      const ratio = c.total ? final / c.total : 0;
      const filled = Math.round(ratio * BAR_WIDTH);
      const bar = '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled);
      io.err(
        `\r\x1b[2K${bar} ${String(Math.floor(ratio * 100)).padStart(3)}% ${countsLine(c)}${tail}`,
      );
      barShown = true;
      return;
    }
    const at = now();
    if (hold !== lastHold || at - lastPlain >= PLAIN_EVERY_MS) {
      io.err(`${final}/${c.total} final · ${countsLine(c)}${tail}\n`);
      lastPlain = at;
      lastHold = hold;
    }
  };
  const onLog = (line: string): void => {
    clearBar();
    io.err(`${line}\n`);
  };
  engine.on('status', onStatus);
  engine.on('log', onLog);
  return () => {
    engine.off('status', onStatus);
    engine.off('log', onLog);
    clearBar();
  };
}
