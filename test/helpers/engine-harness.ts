import { join } from 'node:path';
import { openSession, type Session } from '../../main/actions/session';
import type { EngineConfig } from '../../main/engine/config';
import type { EngineStatus } from '../../common/engine-status';
import { createSandbox, type Sandbox } from '../../sandbox';
import type { SandboxOptions } from '../../sandbox/options';
import type { SampleManifest } from '../../sandbox/samples';
import { cachedSampleFolder } from './samples';
import { tempDir } from './tmp';

/** Engine timings scaled down so outages and holds resolve in test time. */
export const FAST_ENGINE: Partial<EngineConfig> = {
  probeBaseMs: 100,
  probeCapMs: 400,
  quotaRecheckMs: 200,
  retryBaseMs: 50,
  retryCapMs: 400,
};

export const FAST_AI: SandboxOptions['ai'] = { latencyMs: 40, jitterMs: 20 };

export interface Harness {
  dir: string;
  photos: string;
  dbFile: string;
  sandbox: Sandbox;
  manifest: SampleManifest;
  /** Every status the engine emitted, for asserting what the user was shown. */
  statuses: EngineStatus[];
  /** A session on the harness's queue; `owner` names it for another process that finds it in use. */
  open(config?: Partial<EngineConfig>, owner?: string): Session;
  close(): Promise<void>;
}

export async function harness(opts: {
  photos?: number;
  seed?: number;
  badFiles?: boolean;
  duplicates?: number;
  subfolders?: boolean;
  /** Photos no service could read on top (blurred, dark, overexposed, tiny): sandbox/samples/flaws.ts. */
  flawed?: number;
  sandbox?: SandboxOptions;
}): Promise<Harness> {
  const t = tempDir('meterdesk-engine-');
  const photos = join(t.dir, 'photos');
  const manifest = await cachedSampleFolder(photos, {
    count: opts.photos ?? 12,
    seed: opts.seed ?? 1,
    includeBadFiles: opts.badFiles ?? false,
    duplicates: opts.duplicates ?? 2,
    subfolders: opts.subfolders ?? true,
    // A short side of 360 px: above the 320 px the quality check before upload wants.
    width: 480,
    ...(opts.flawed && { flawed: opts.flawed }),
  });
  const sandbox = await createSandbox({ ai: FAST_AI, ...opts.sandbox });
  const sessions: Session[] = [];
  const statuses: EngineStatus[] = [];
  const h: Harness = {
    dir: t.dir,
    photos,
    dbFile: join(t.dir, 'queue.sqlite'),
    sandbox,
    manifest,
    statuses,
    open(config, owner) {
      const s = openSession({
        dbFile: h.dbFile,
        baseUrl: sandbox.url,
        apiKey: sandbox.apiKey,
        config: { ...FAST_ENGINE, ...config },
        owner: owner ?? 'a test session',
      });
      s.engine.on('status', (st) => statuses.push(st));
      sessions.push(s);
      return s;
    },
    async close() {
      for (const s of sessions) await s.close();
      await sandbox.close();
      t.cleanup();
    },
  };
  return h;
}

/** relPath -> reading the photo carries, for the photos the client must accept. */
export function expectedReadings(m: SampleManifest): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of m.files)
    if (f.expected.outcome === 'accepted' && f.reading) out.set(f.relPath, f.reading);
  return out;
}

/** Runs the engine over the photo folder until it settles. */
export async function runToEnd(
  session: Session,
  paths: string[],
  opts: { maxOfflineMs?: number } = {},
): Promise<string> {
  await session.actions.addPhotos(paths);
  await session.engine.start();
  return session.engine.waitSettled(opts);
}

/**
 * Polls a condition (the engine works on its own timers). `seen` says what there was instead when
 * time runs out, so a failure on a busy CI machine can be read from its log.
 */
export async function waitFor(
  cond: () => boolean,
  timeoutMs = 60_000,
  seen?: () => string,
): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) {
      throw new Error(`condition not met in time${seen ? `; seen instead:\n${seen()}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}
