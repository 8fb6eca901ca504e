// Paid once, whatever the link (issue 30): two desks over the same photos at once, the office's
// database ~100 ms away through a delaying TCP proxy on 127.0.0.1, reading from the real sandbox
// over HTTP. Measured before the fix: at 100 ms two desks uploaded all 60 shared photos twice and
// paid 9-12 of them twice (claims queued one per photo on two connections and ran out of time).
// The sandbox's ledger counts the uploads: each photo once. Slow (~15-20 s): every statement of
// the claims and of the outbox's publishing pays the 200 ms round trip; slow-link-claims.test.ts
// covers the claims at this distance in `npm test`, paid-once.test.ts two desks at once.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../../main/actions/session';
import { startOfficeDesk, type OfficeDesk } from '../../main/office/office-desk';
import { systemClock } from '../../main/time/clock';
import { createSandbox, type Sandbox } from '../../sandbox';
import type { SampleManifest } from '../../sandbox/samples';
import { FAST_AI, FAST_ENGINE } from '../helpers/engine-harness';
import { cachedSampleFolder } from '../helpers/samples';
import { tempDir } from '../helpers/tmp';
import { startDelayProxy, throughProxy, type DelayProxy } from './delay-proxy';
import { migratedOffice } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const cluster = useOfficeCluster();

const PHOTOS = 6;
const OFFICE_DELAY_MS = 100;

let sandbox: Sandbox;
let samples: SampleManifest;
let t: ReturnType<typeof tempDir>;

beforeAll(async () => {
  t = tempDir('meterdesk-far-office-');
  samples = await cachedSampleFolder(join(t.dir, 'samples'), {
    count: PHOTOS,
    seed: 30,
    duplicates: 0,
    subfolders: false,
    width: 320,
  });
  sandbox = await createSandbox({ ai: FAST_AI });
});
afterAll(async () => {
  await sandbox.close();
  t.cleanup();
});

interface Desk {
  session: Session;
  office: OfficeDesk;
  said: string[];
}

async function openDesk(url: string, name: string): Promise<Desk> {
  const session = openSession({
    dbFile: join(t.dir, `${name}.sqlite`),
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    config: FAST_ENGINE,
    owner: `desk ${name}`,
  });
  const said: string[] = [];
  // The claim gate's own timings (answer time, outage): only how soon a waiting photo is asked
  // about again is shortened, so the test does not wait out the default 15 s.
  const office = await startOfficeDesk({
    store: session.store,
    url,
    desk: name,
    clock: systemClock,
    say: (line) => said.push(line),
    claims: { recheckMs: 200 },
    publishEveryMs: 50,
  });
  session.engine.claimUploadsWith(office.claim);
  return { session, office, said };
}

async function readAll(desk: Desk, folder: string): Promise<string> {
  await desk.session.actions.addPhotos([folder]);
  await desk.session.engine.start();
  const outcome = await desk.session.engine.waitSettled();
  await desk.session.engine.stop();
  // A budget a 100 ms link can meet: the outbox publishes one short transaction per entry (about
  // 1.5 s each at this distance), and the other desk waits for these readings.
  await desk.office.finish(60_000);
  return outcome;
}

describe.skipIf(officeSkip !== null)('paid once with the office 100 ms away', () => {
  it('two desks over the same photos at once: each photo uploaded once, none unclaimed', async () => {
    const office = await migratedOffice(cluster(), 0);
    const proxies: DelayProxy[] = [];
    const desks: Desk[] = [];
    try {
      for (const name of ['anna', 'ben']) {
        const url = await office.deskUrl(name);
        const proxy = await startDelayProxy(
          { host: new URL(url).hostname, port: Number(new URL(url).port) },
          OFFICE_DELAY_MS,
        );
        proxies.push(proxy);
        desks.push(await openDesk(throughProxy(url, proxy), name));
      }
      const before = sandbox.ledger.tasks().length;
      // Both desks read the very same folder of photos, started together.
      const outcomes = await Promise.all(desks.map((d) => readAll(d, samples.dir)));
      expect(outcomes).toEqual(['complete', 'complete']);

      const sent = new Map<string, number>();
      for (const task of sandbox.ledger.tasks().slice(before)) {
        sent.set(task.sha256, (sent.get(task.sha256) ?? 0) + 1);
      }
      expect(sent.size).toBe(PHOTOS);
      expect(
        [...sent.values()].filter((n) => n > 1),
        JSON.stringify([...sent]),
      ).toEqual([]);
      for (const d of desks) {
        expect(d.office.sentUnclaimed()).toBe(0);
        expect(d.said.filter((l) => l.includes('without a claim'))).toEqual([]);
        const rows = d.session.store.queries.page({ sort: 'file' }).rows;
        expect(rows).toHaveLength(PHOTOS);
        for (const j of rows) {
          const expected = samples.files.find((f) => f.relPath === j.relPath)?.reading;
          expect([j.relPath, j.state, j.aiReading]).toEqual([j.relPath, 'done', expected]);
        }
      }
    } finally {
      await Promise.all(desks.map((d) => d.session.close()));
      await Promise.all(proxies.map((p) => p.close()));
      await office.close();
    }
  }, 120_000);
});
