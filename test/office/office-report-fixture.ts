// The supervisor report's office day (anOfficeDay: two desks, two clerks, three photo folders),
// shared by its CLI test (office-report.test.ts), the window's channels
// (office-report-window.slow.test.ts) and the window itself (e2e/office-report.slow.test.ts), with
// the CLI as a process.
import { spawn } from 'node:child_process';
import { meterDeskCli } from '../helpers/built-app';
import type { OfficeStore } from '../../main/office/store/office-store';
import type { PublishedDecision } from '../../main/office/store/publish';
import { minutes, publishedReading, routeOfMeters, sha } from './office-fixture';

/** Minutes from the office day's 08:00 (UTC) to the day before's 20:00. */
export const YESTERDAY = -12 * 60;

export function decision(
  key: string,
  kind: PublishedDecision['kind'],
  clerk: string,
  meter: string,
  at: Date,
  /** The photo a confirm is of: a clerk confirms a photo's reading. */
  sha256: string | null = null,
): PublishedDecision {
  return {
    key,
    kind,
    desk: clerk === 'Anna' ? 'desk-0' : 'desk-1',
    clerk,
    sha256,
    fileName: null,
    meterNumber: meter,
    reading: null,
    skipCode: kind === 'skip' ? 'no_access' : null,
    note: null,
    decidedAt: at,
  };
}

/**
 * Route R1 (M0..M3). Anna's desk reads folder north (M0, M1, and M0 again from the cache), Ben's
 * folder south (M2, and M3 the day before) and M3.jpg at the desk's top, which fails. Anna
 * confirms M0, skips M1 and asks for a re-read of M0 over 90 minutes; Ben skips M2 once today and
 * confirmed M3 the day before.
 */
export async function anOfficeDay(anna: OfficeStore, ben: OfficeStore): Promise<void> {
  await anna.loadRoute(routeOfMeters('R1', 4));
  const read = (desk: OfficeStore, n: number, name: string, over = {}) =>
    desk.publishReading(
      publishedReading(n, { key: `${name}:${n}`, fileName: name, resultSource: 'fresh', ...over }),
    );
  await read(anna, 0, 'north/M0.jpg');
  await read(anna, 1, 'north/sub/M1.jpg', { meterNumber: 'M1' });
  await read(anna, 10, 'north/M0-again.jpg', { meterNumber: 'M0', resultSource: 'cached' });
  const bens = { desk: 'desk-1', user: 'Ben' };
  await read(ben, 2, 'south/M2.jpg', bens);
  await read(ben, 3, 'south/M3.jpg', { ...bens, publishedAt: minutes(YESTERDAY) });
  await read(ben, 13, 'M3.jpg', {
    ...bens,
    meterNumber: 'M3',
    status: 'failed',
    reading: null,
    resultSource: null,
  });
  await anna.publishDecision(decision('a1', 'confirm', 'Anna', 'M0', minutes(0), sha('photo 0')));
  await anna.publishDecision(decision('a2', 'skip', 'Anna', 'M1', minutes(30)));
  await anna.publishDecision(decision('a3', 'reread', 'Anna', 'M0', minutes(90)));
  await ben.publishDecision(decision('b1', 'skip', 'Ben', 'M2', minutes(10)));
  await ben.publishDecision(
    decision('b0', 'confirm', 'Ben', 'M3', minutes(YESTERDAY), sha('photo 3')),
  );
}

/** `meter-desk ARGS` as a real process: the run's built CLI (built-app.ts). */
export async function officeCli(
  args: string[],
  env: NodeJS.ProcessEnv = { TZ: 'UTC' },
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [await meterDeskCli(), ...args], {
    env: { ...process.env, ...env, METER_DESK_OFFICE_URL: '' },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      resolve({ code, out, err });
    }),
  );
}
