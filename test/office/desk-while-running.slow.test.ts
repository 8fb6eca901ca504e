// A desk's office work while its engine runs, on a real throwaway PostgreSQL and a manual clock:
// its route sheets reach the office on the desk's own timer and its decisions through its outbox (the office export
// sees what a running desk read, without stopping it); the window's engine asks the office about
// its very first photos, even before the desk has answered; and the Office card's count of entries
// waiting follows the outbox publisher, not only the office probe.
import { deskOfClaimant } from '../../main/office/claimant';
import { writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OfficeSettings, OfficeStatus } from '../../common/ipc/office-views';
import { openOfficeStore } from '../../main/office/store/office-store';
import { QueueActions } from '../../main/actions/queue-actions';
import { openSession } from '../../main/actions/session';
import { OFFICE_PROBE_MS, OfficeLink } from '../../main/backend/office-link';
import { SessionSecretStore } from '../../main/backend/session-store';
import { ROWS_EVERY_MS } from '../../main/office/periodic-publish';
import type { ClaimPhotos } from '../../common/claim-port';
import { CLAIM_ANSWER_MS } from '../../main/office/claim-gate';
import { startOfficeDesk } from '../../main/office/office-desk';
import {
  OfficePasswords,
  officeSettingsFile,
  saveOfficeSettings,
} from '../../main/office/office-settings';
import { officeOutboxOf } from '../../main/store/office-outbox';
import { openStore, type Store } from '../../main/store/store';
import { createSandbox } from '../../sandbox';
import { FAST_AI, FAST_ENGINE } from '../helpers/engine-harness';
import { cachedSampleFolder } from '../helpers/samples';
import { createManualClock, settleMicrotasks, type ManualClock } from '../helpers/manual-clock';
import { eventually } from '../sandbox/helpers';
import { tempDir } from '../helpers/tmp';
import { ANNA_PASSWORD } from './anna-office';
import { annaOnCluster } from './anna-on-cluster';
import { migratedOffice, sha, T0 } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();
const HEADER = 'meter_id;route;sequence;digits;decimals;previous_reading;previous_read_at';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function deskStore(): { store: Store; clock: ManualClock; dir: string } {
  const t = tempDir('meterdesk-running-desk-');
  const clock = createManualClock(T0.getTime());
  const store = openStore(join(t.dir, 'queue.sqlite'), { clock });
  cleanups.push(() => {
    store.close();
    t.cleanup();
  });
  return { store, clock, dir: t.dir };
}

/** The Office settings saved in `dir` with Anna's password, and a link on `clock` for them. */
async function annaLink(
  dir: string,
  settings: OfficeSettings,
  clock: ManualClock,
  states: (OfficeStatus | null)[] = [],
): Promise<OfficeLink> {
  saveOfficeSettings(officeSettingsFile(dir), settings);
  const secrets = new SessionSecretStore();
  await new OfficePasswords(secrets).set(settings, ANNA_PASSWORD);
  const link = new OfficeLink(dir, secrets, { sawSecret: () => undefined }, () => undefined, {
    clock,
    onState: (s) => states.push(s),
  });
  cleanups.push(() => link.stop());
  return link;
}

/** An engine stand-in that keeps every claim hook it is given, in order. */
function hookCatcher(): {
  hooks: (ClaimPhotos | null)[];
  claimUploadsWith: (c: ClaimPhotos | null) => void;
} {
  const hooks: (ClaimPhotos | null)[] = [];
  return { hooks, claimUploadsWith: (c) => hooks.push(c) };
}

describe.skipIf(officeSkip !== null)('a desk in office mode while it runs', () => {
  it('publishes its route sheet on its own timer and its typed reading, without stopping', async () => {
    const { store, clock, dir } = deskStore();
    const o = await migratedOffice(office(), 0);
    const url = await o.deskUrl('anna');
    const desk = await startOfficeDesk({
      store,
      url,
      desk: 'anna@pc-7',
      clock,
      say: () => undefined,
    });
    cleanups.push(async () => {
      await desk.finish(1_000);
    });
    // The office's own rows: the sheet the desk published, the typed reading its outbox did.
    const reader = openOfficeStore(url, { desk: 'supervisor' });
    cleanups.push(() => reader.close());
    const rows = async (): Promise<{ meter_number: string; reading: string | null }[]> =>
      (await reader.billingRows()).rows
        .map((r) => ({ meter_number: r.row.meterId ?? '', reading: r.row.reading }))
        .sort((a, b) => a.meter_number.localeCompare(b.meter_number));

    const sheet = join(dir, 'r.csv');
    writeFileSync(
      sheet,
      `${[HEADER, 'M1;R-12;10;5;0;00100;2026-01-05', 'M2;R-12;20;5;0;00200;2026-01-05'].join('\r\n')}\r\n`,
    );
    const actions = new QueueActions({ store: () => store, engine: () => null, clock });
    expect((await actions.loadRouteSheet(sheet, { name: 'r.csv' })).ok).toBe(true);
    await clock.advance(ROWS_EVERY_MS);
    await eventually(async () => ((await rows()).length === 2 ? true : undefined), 'the sheet');
    expect(await rows()).toEqual([
      { meter_number: 'M1', reading: null },
      { meter_number: 'M2', reading: null },
    ]);

    expect(await actions.typeReading('M2', '00250')).toBe(true);
    await clock.advance(ROWS_EVERY_MS);
    const read = await eventually(async () => {
      const now = await rows();
      return now.some((r) => r.reading !== null) ? now : undefined;
    }, 'the typed reading in the office rows');
    expect(read).toEqual([
      { meter_number: 'M1', reading: null },
      { meter_number: 'M2', reading: '00250' },
    ]);
  }, 60_000);

  it("claims the window engine's first photos, asked before the desk has answered", async () => {
    const { store, clock, dir } = deskStore();
    const settings = await annaOnCluster(office());
    const link = await annaLink(dir, settings, clock);
    const engine = hookCatcher();
    link.start(store, engine);
    // At once, before the office has answered anything: the engine already has a hook.
    const first = engine.hooks[0];
    expect(first).toBeTypeOf('function');
    if (!first) return;
    const photos = ['a', 'b', 'c'].map((p) => ({
      sha256: sha(`first ${p}`),
      fileName: `${p}.jpg`,
    }));
    const verdicts = await first(photos);
    expect(verdicts).toEqual(photos.map(() => ({ kind: 'send', claimed: true })));
    const claimed = await office()
      .adminOn(settings.database)
      .query<{ sha256: string; state: string; desk: string }>(
        'SELECT sha256, state, desk FROM photos ORDER BY file_name',
      );
    expect(claimed.rows).toEqual(
      // Claimed by this queue of the desk (main/office/claimant.ts): its name and the queue's id.
      photos.map((p) => ({
        sha256: p.sha256,
        state: 'claimed',
        desk: expect.stringMatching(new RegExp(`^${settings.desk}#q[0-9a-f]{8}$`)) as string,
      })),
    );
  }, 60_000);

  it('claims every photo a real engine sends, the first one too, started as the window starts it', async () => {
    const { clock, dir } = deskStore();
    const settings = await annaOnCluster(office());
    const link = await annaLink(dir, settings, clock);
    const sandbox = await createSandbox({ ai: FAST_AI });
    cleanups.push(() => sandbox.close());
    const photos = await cachedSampleFolder(join(dir, 'photos'), {
      count: 4,
      seed: 7,
      duplicates: 0,
      subfolders: false,
      width: 320,
    });
    const session = openSession({
      dbFile: join(dir, 'window-queue.sqlite'),
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      config: FAST_ENGINE,
      owner: 'the window',
    });
    cleanups.push(() => session.close());
    await session.actions.addPhotos([photos.dir]);
    // As the backend does: the engine starts, then the office desk beside it, in the background.
    const started = session.engine.start();
    link.start(session.store, session.engine);
    await started;
    await session.engine.waitSettled();
    await session.engine.stop();

    const sent = new Set(sandbox.ledger.tasks().map((task) => task.sha256));
    expect(sent.size).toBe(photos.files.length);
    // Nothing is published on the link's (manual) clock: each row is a claim made before upload.
    const { rows } = await office()
      .adminOn(settings.database)
      .query<{ sha256: string; state: string; desk: string }>(
        'SELECT sha256, state, desk FROM photos',
      );
    const claims = new Map(rows.map((r) => [r.sha256, r]));
    const unclaimed = [...sent].filter(
      (sha) =>
        claims.get(sha)?.state !== 'claimed' ||
        deskOfClaimant(claims.get(sha)?.desk ?? '') !== settings.desk,
    );
    expect(unclaimed).toEqual([]);
    // As the backend stops them: the engine, then the desk, before the queue closes.
    await link.stop();
  }, 60_000);

  it('sends the first photos unclaimed within the claim wait when the desk cannot answer', async () => {
    const { store, clock, dir } = deskStore();
    const settings = await annaOnCluster(office());
    // A server that takes the connection and never says a word (a frozen office); closed, its
    // connections cut, before the link stops, so the desk's goodbye does not wait out timeouts.
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const link = await annaLink(dir, { ...settings, port: address.port }, clock);
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const s of sockets) s.destroy();
          silent.close(() => {
            resolve();
          });
        }),
    );
    const engine = hookCatcher();
    link.start(store, engine);
    const asked = engine.hooks[0]?.([{ sha256: sha('frozen'), fileName: 'f.jpg' }]);
    let answer: unknown = null;
    void asked?.then((v) => {
      answer = v;
    });
    await clock.advance(CLAIM_ANSWER_MS - 1);
    expect(answer).toBeNull();
    await clock.advance(1);
    await settleMicrotasks();
    expect(answer).toEqual([{ kind: 'send', claimed: false }]);
  }, 60_000);

  it("counts the entries waiting after each drain of the outbox, between the office's probes", async () => {
    const { store, clock, dir } = deskStore();
    const settings = await annaOnCluster(office());
    const states: (OfficeStatus | null)[] = [];
    const link = await annaLink(dir, settings, clock, states);
    link.start(store, hookCatcher());
    await eventually(() => (states.at(-1)?.state === 'connected' ? true : undefined), 'connected');
    expect(states.at(-1)?.pending).toBe(0);

    // A decision the office refused once: it waits a minute, the card says so at the next drain.
    const outbox = officeOutboxOf(store.db, clock);
    expect(outbox.addDecision({ kind: 'skip', meterNumber: 'M9', skipCode: 'no_access' })).toBe(
      true,
    );
    const [entry] = outbox.due(1);
    if (!entry) throw new Error('no entry');
    outbox.markFailed(entry.id, 'other', 60_000);
    await clock.advance(2_000);
    expect(2_000).toBeLessThan(OFFICE_PROBE_MS);
    await eventually(() => (states.at(-1)?.pending === 1 ? true : undefined), 'one waiting');
    expect(states.at(-1)?.state).toBe('connected');
  }, 60_000);
});
