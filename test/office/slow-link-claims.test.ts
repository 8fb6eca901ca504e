// Claims over a slow link (issue 30): the database 100 ms away through a delaying proxy. An upload
// unit's claims are one statement whose deadline starts once a connection is held, so a batch on
// a desk's two connections is claimed whole, not partly sent unclaimed; a statement late on a
// held connection keeps its photos back (asked again), and only an office that cannot be reached
// lets photos go unclaimed, counted so the desk can say so.
import { describe, expect, it } from 'vitest';
import { ClaimGate, LATE_OFFICE } from '../../main/office/claim-gate';
import { openOfficeStore, type OfficeStore } from '../../main/office/store/office-store';
import { systemClock } from '../../main/time/clock';
import { createManualClock } from '../helpers/manual-clock';
import { startDelayProxy, throughProxy, type DelayProxy } from './delay-proxy';
import { migratedOffice, sha, T0 } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();

/** A desk's store (two connections, as office-desk.ts opens it) whose database is `delayMs` away. */
async function withFarDesk(
  delayMs: number,
  work: (
    desk: OfficeStore,
    proxy: DelayProxy,
    admin: (sql: string) => Promise<unknown[]>,
  ) => Promise<void>,
): Promise<void> {
  const cluster = office();
  const o = await migratedOffice(cluster, 0);
  const url = await o.deskUrl('far');
  const proxy = await startDelayProxy(
    { host: new URL(url).hostname, port: Number(new URL(url).port) },
    delayMs,
  );
  const desk = openOfficeStore(throughProxy(url, proxy), { desk: 'far', max: 2 });
  const admin = cluster.adminOn(o.database);
  try {
    await work(
      desk,
      proxy,
      async (sql): Promise<unknown[]> => (await admin.query<Record<string, unknown>>(sql)).rows,
    );
  } finally {
    proxy.resume();
    await desk.close();
    await proxy.close();
    await o.close();
  }
}

const photos = (n: number, tag: string): { sha256: string; fileName: string }[] =>
  Array.from({ length: n }, (_, i) => ({
    sha256: sha(`${tag} ${i}`),
    fileName: `${tag}-${i}.jpg`,
  }));

describe.skipIf(officeSkip !== null)('claims over a slow link', () => {
  it('claims a whole upload unit 100 ms away within the answer time: none sent unclaimed', async () => {
    await withFarDesk(100, async (desk, _proxy, admin) => {
      // A 24-photo unit; one claim per photo took ~12 round trips per connection, past 1.5 s.
      const gate = new ClaimGate({ office: desk, desk: 'far', clock: systemClock });
      const unit = photos(24, 'unit');
      const verdicts = await gate.forUpload(unit);
      expect(verdicts).toEqual(unit.map(() => ({ kind: 'send', claimed: true })));
      expect(gate.sentUnclaimed).toBe(0);
      expect(gate.officeAway).toBe(false);
      const rows = await admin(`SELECT count(*)::int AS n FROM photos WHERE desk = 'far'`);
      expect(rows).toEqual([{ n: 24 }]);
    });
  });

  it('a late answer on a held connection keeps the photos back, never sends them unclaimed', async () => {
    await withFarDesk(20, async (desk, proxy) => {
      const clock = createManualClock(T0.getTime());
      let held!: () => void;
      const connectionHeld = new Promise<void>((resolve) => {
        held = resolve;
      });
      // The link goes quiet just as the claim's statement leaves, its connection held.
      const quiet: Pick<OfficeStore, 'claimPhotos'> = {
        claimPhotos: (batch, within) =>
          desk.claimPhotos(batch, (work) => {
            proxy.pause();
            held();
            return within(work);
          }),
      };
      const gate = new ClaimGate({ office: quiet, desk: 'far', clock, answerMs: 1_500 });
      const unit = photos(3, 'late');
      const asked = gate.forUpload(unit);
      await connectionHeld;
      await clock.advance(1_500);
      expect(await asked).toEqual(
        unit.map(() => ({ kind: 'wait', desk: LATE_OFFICE, askAgainAt: T0.getTime() + 3_000 })),
      );
      expect(gate.sentUnclaimed).toBe(0);
      expect(gate.officeAway).toBe(false);
      proxy.resume();
      // Asked again: the photos are this desk's (the late statement's claims, renewed).
      const again = new ClaimGate({ office: desk, desk: 'far', clock: systemClock });
      expect(await again.forUpload(unit)).toEqual(
        unit.map(() => ({ kind: 'send', claimed: true })),
      );
    });
  });

  it('an office that cannot be reached lets photos go unclaimed, counted and told', async () => {
    const proxy = await startDelayProxy({ host: '127.0.0.1', port: 1 }, 0);
    const desk = openOfficeStore(`postgres://nobody:x@127.0.0.1:${proxy.port}/none`, {
      desk: 'far',
      connectMs: 500,
    });
    try {
      const told: string[] = [];
      const gate = new ClaimGate({
        office: desk,
        desk: 'far',
        clock: createManualClock(T0.getTime()),
        onUnclaimed: (n, why) => told.push(`${n} ${why}`),
      });
      const unit = photos(2, 'away');
      expect(await gate.forUpload(unit)).toEqual(
        unit.map(() => ({ kind: 'send', claimed: false })),
      );
      expect(gate.officeAway).toBe(true);
      expect(gate.sentUnclaimed).toBe(2);
      expect(told).toEqual(['2 unreachable']);
    } finally {
      await desk.close();
      await proxy.close();
    }
  });
});
