// A desk is its queue, not only its name (issue 30, item 6): two queues under one desk name (a
// clerk's window and a CLI run, or two PCs given the same name) each took the other's claim for
// their own and paid for the same photo twice. On a real server: the second queue waits for the
// first's reading, told the desk's name; a failed read gives the photo back to it at once.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startOfficeDesk, type OfficeDesk } from '../../main/office/office-desk';
import { openOfficeStore } from '../../main/office/store/office-store';
import { openStore } from '../../main/store/store';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { migratedOffice, publishedReading, sha, T0 } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function queueOf(url: string): Promise<OfficeDesk> {
  const t = tempDir('meterdesk-claimant-');
  const store = openStore(join(t.dir, 'queue.sqlite'));
  cleanups.push(() => {
    store.close();
    t.cleanup();
  });
  const desk = await startOfficeDesk({
    store,
    url,
    desk: 'ben@pc-2',
    clock: createManualClock(T0.getTime()),
    say: () => undefined,
  });
  cleanups.push(() => desk.finish(0));
  return desk;
}

describe.skipIf(officeSkip !== null)('two queues under one desk name', () => {
  it('are two claimants: one photo is sent once, and given back at once when its read fails', async () => {
    const o = await migratedOffice(office(), 0);
    cleanups.push(() => o.close());
    const url = await o.deskUrl('ben');
    const window = await queueOf(url);
    const cli = await queueOf(url);
    const photo = { sha256: sha('one photo'), fileName: 'M1.jpg' };
    expect(await window.claim([photo])).toEqual([{ kind: 'send', claimed: true }]);
    // The window's claim is not the CLI's, though both are ben@pc-2: it waits, told the desk.
    expect(await cli.claim([photo])).toMatchObject([{ kind: 'wait', desk: 'ben@pc-2' }]);
    // Asked again by the window (a restart renews its own claims): still the window's.
    expect(await window.claim([photo])).toEqual([{ kind: 'send', claimed: true }]);
    // The window's read fails: published under the desk's name, it gives the claim back.
    const desk = openOfficeStore(url, { desk: 'ben@pc-2', max: 1 });
    cleanups.push(() => desk.close());
    await desk.publishReading(
      publishedReading(1, {
        key: 'ben@pc-2:failed:1',
        sha256: photo.sha256,
        desk: 'ben@pc-2',
        status: 'failed',
        reading: null,
        resultSource: 'failed',
        toReview: false,
        meterNumber: null,
      }),
    );
    expect(await cli.claim([photo])).toEqual([{ kind: 'send', claimed: true }]);
  });
});
