// What the window shows of its office while the engine runs (OfficeStatus, pushed as
// AppEvent.office): the backend's office link asks the office every OFFICE_PROBE_MS, on the
// injected clock, so an office that goes away is said even when the outbox has nothing to publish.
// On a real throwaway PostgreSQL: connected, away after the server halts, connected once it is
// back; an office that refuses the password says why, in the Test button's classes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OfficeSettings, OfficeStatus } from '../../common/ipc/office-views';
import type { AppEvent } from '../../common/ipc/app-event';
import type { ClaimPhotos } from '../../common/claim-port';
import { EventHub } from '../../main/backend/event-hub';
import { OFFICE_PROBE_MS, OfficeLink } from '../../main/backend/office-link';
import { SessionSecretStore } from '../../main/backend/session-store';
import {
  OfficePasswords,
  officeSettingsFile,
  saveOfficeSettings,
} from '../../main/office/office-settings';
import { openStore, type Store } from '../../main/store/store';
import { createManualClock, type ManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { ANNA_PASSWORD } from './anna-office';
import { annaOnCluster } from './anna-on-cluster';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster({ halts: true });

/** The link's states as it reports them, and a promise for the first one a test waits for. */
function watchStates(): {
  onState: (state: OfficeStatus | null) => void;
  seen: (OfficeStatus | null)[];
  reach: (state: OfficeStatus['state']) => Promise<OfficeStatus>;
} {
  const seen: (OfficeStatus | null)[] = [];
  let waiting: { state: string; resolve: (s: OfficeStatus) => void } | null = null;
  return {
    seen,
    onState: (next) => {
      seen.push(next);
      if (next !== null && waiting?.state === next.state) {
        waiting.resolve(next);
        waiting = null;
      }
    },
    reach: (state) =>
      new Promise((resolve) => {
        const last = seen.at(-1);
        if (last?.state === state) resolve(last);
        else waiting = { state, resolve };
      }),
  };
}

describe.skipIf(officeSkip !== null)("the window's office status", () => {
  let dir: ReturnType<typeof tempDir>;
  let store: Store;
  let clock: ManualClock;
  const engine = { claimUploadsWith: (): void => undefined };

  beforeEach(() => {
    dir = tempDir('office-link-');
    store = openStore(`${dir.dir}/queue.sqlite`);
    clock = createManualClock(Date.parse('2026-11-27T08:00:00Z'));
  });

  afterEach(() => {
    store.close();
    dir.cleanup();
  });

  async function linkFor(settings: OfficeSettings, password: string) {
    saveOfficeSettings(officeSettingsFile(dir.dir), settings);
    const secrets = new SessionSecretStore();
    await new OfficePasswords(secrets).set(settings, password);
    const states = watchStates();
    const lines: string[] = [];
    const log = (line: string): void => {
      lines.push(line);
    };
    const link = new OfficeLink(dir.dir, secrets, { sawSecret: () => undefined }, log, {
      clock,
      onState: states.onState,
    });
    return { link, states, lines };
  }

  it('says connected, away while the server is halted, and connected when it is back', async () => {
    const cluster = office();
    const settings = await annaOnCluster(cluster);
    const { link, states, lines } = await linkFor(settings, ANNA_PASSWORD);
    // The engine's claim hooks, the last one the desk's own once it has started.
    const hooks: (ClaimPhotos | null)[] = [];
    link.start(store, { claimUploadsWith: (hook) => hooks.push(hook) });
    expect(states.seen[0]).toMatchObject({ state: 'starting', desk: 'anna@pc-7' });

    const connected = await states.reach('connected');
    expect(connected).toEqual({
      state: 'connected',
      desk: 'anna@pc-7',
      host: settings.host,
      database: settings.database,
      pending: 0,
      problem: null,
      unclaimed: 0,
    });
    expect(link.status).toEqual(connected);

    await cluster.cluster.halt();
    try {
      await clock.advance(OFFICE_PROBE_MS);
      expect(await states.reach('away')).toMatchObject({ state: 'away', problem: null });
      // Photos sent while it is away go unclaimed, and the window's card counts them.
      const photos = ['p1', 'p2'].map((p) => ({ sha256: p.repeat(32), fileName: `${p}.jpg` }));
      expect(await hooks.at(-1)?.(photos)).toEqual(
        photos.map(() => ({ kind: 'send', claimed: false })),
      );
      await clock.advance(OFFICE_PROBE_MS);
      expect(states.seen.at(-1)).toMatchObject({ state: 'away', unclaimed: 2 });
    } finally {
      await cluster.cluster.resume();
    }
    await clock.advance(OFFICE_PROBE_MS);
    await states.reach('connected');
    // The desk's live listener logs to the window's log too: its lost connection and its return.
    // Its retries run on the desk's clock: moved on a second at a time until it has connected.
    for (let i = 0; i < 60 && !lines.some((l) => l.includes('listening again')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await clock.advance(1_000);
    }
    expect(lines.join('\n')).toMatch(/trying again until it is back[\s\S]*listening again/);
    expect(lines.join('\n')).not.toContain(ANNA_PASSWORD);

    await link.stop();
    expect(states.seen.at(-1)).toBeNull();
    expect(link.status).toBeNull();
  }, 60_000);

  it('says refused, and why, when the office refuses the password', async () => {
    const settings = await annaOnCluster(office());
    const { link, states } = await linkFor(settings, 'not-annas-password');
    link.start(store, engine);
    expect(await states.reach('refused')).toMatchObject({ problem: 'wrongPassword' });
    await link.stop();
  }, 60_000);

  it('says nothing without an office', () => {
    const states = watchStates();
    const link = new OfficeLink(
      dir.dir,
      new SessionSecretStore(),
      { sawSecret: () => undefined },
      () => undefined,
      { clock, onState: states.onState },
    );
    link.start(store, engine);
    expect(link.status).toBeNull();
    expect(states.seen.filter((s) => s !== null)).toEqual([]);
  });
});

describe("the office status's way to the window", () => {
  it('is a push field present when it changed (null: no office now), absent otherwise', () => {
    const hub = new EventHub({ loadJob: () => undefined, intervalMs: 0 });
    const events: AppEvent[] = [];
    hub.subscribe((event) => {
      events.push(event);
    });
    const away: OfficeStatus = {
      state: 'away',
      desk: 'anna@pc-7',
      host: 'db.office.example',
      database: 'meterdesk',
      pending: 2,
      problem: null,
      unclaimed: 0,
    };
    hub.officeChanged(away);
    hub.flush();
    hub.logLine('something else');
    hub.flush();
    hub.officeChanged(null);
    hub.flush();
    hub.close();
    expect(events.map((event) => ('office' in event ? event.office : 'absent'))).toEqual([
      away,
      'absent',
      null,
    ]);
  });
});
