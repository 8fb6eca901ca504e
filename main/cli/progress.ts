import { engineText } from '../../common/engine-messages';
import type { StateCounts } from '../../common/job-record';
import type { Engine } from '../engine/engine';
import type { EngineStatus } from '../../common/engine-status';
import type { CliIo } from './output';

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
  if (c.toReview) parts.push(`to review ${c.toReview}`);
  return parts.join(' · ');
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
export function followProgress(engine: Engine, io: CliIo): () => void {
  let lastPlain = 0;
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
    if (io.isTty) {
      const ratio = c.total ? final / c.total : 0;
      const filled = Math.round(ratio * BAR_WIDTH);
      const bar = '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled);
      io.err(
        `\r\x1b[2K${bar} ${String(Math.floor(ratio * 100)).padStart(3)}% ${countsLine(c)}${hold ? ` | ${hold}` : ''}`,
      );
      barShown = true;
      return;
    }
    const now = Date.now();
    if (hold !== lastHold || now - lastPlain >= PLAIN_EVERY_MS) {
      io.err(`${final}/${c.total} final · ${countsLine(c)}${hold ? ` | ${hold}` : ''}\n`);
      lastPlain = now;
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
