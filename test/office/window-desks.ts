// Two windows' desks on one office of the throwaway cluster (Anna's and Ben's), each with the same
// route sheet loaded and its office desk running, the route's meters loaded in the office: the
// setting of the review-between-clerks tests (window-review, photo-review).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { OfficeSettings } from '../../common/ipc/office-views';
import { openOfficeStore } from '../../main/office/store/office-store';
import type { ManualClock } from '../helpers/manual-clock';
import { openDesktop, until, value, type Desktop } from '../ipc/helpers/desktop';
import { annaOnCluster } from './anna-on-cluster';
import type { OfficeCluster } from './pg-cluster';
import { createRoleOnce } from './run-cluster';

export const METERS = ['R12-01', 'R12-02', 'R12-03', 'R12-04'];
export const BEN_PASSWORD = 'pw-ben';

/** Anna's and Ben's office settings; the route's meters are in the office (loaded by Ben). */
export async function annaAndBen(
  cluster: OfficeCluster,
  at: Date,
): Promise<{ anna: OfficeSettings; ben: OfficeSettings }> {
  const anna = await annaOnCluster(cluster);
  await createRoleOnce(cluster.admin, 'desk_ben', BEN_PASSWORD);
  const ben: OfficeSettings = { ...anna, user: 'desk_ben', desk: 'ben@pc-2' };
  const loader = openOfficeStore(
    cluster.cluster.url({ user: 'desk_ben', password: BEN_PASSWORD, database: anna.database }),
    { desk: 'ben@pc-2' },
  );
  await loader.loadRoute({
    routeKey: 'R-12',
    sheetSha256: null,
    meters: METERS.map((meterNumber, i) => ({
      meterNumber,
      sequence: i + 1,
      wholeDigits: 5,
      decimals: 0,
      previousReading: '00100',
      previousReadAt: '2026-01-05',
    })),
    user: 'ben',
    at,
  });
  await loader.close();
  return { anna, ben };
}

/** A window's desk with the route sheet loaded and its office connected. */
export async function deskOf(
  settings: OfficeSettings,
  password: string,
  clock: ManualClock,
): Promise<Desktop> {
  const desk = await openDesktop({ reviewClock: clock });
  const b = desk.bridge;
  value(await b.startSandbox({ photos: 1 }));
  const sheet = join(desk.dir, 'route.csv');
  writeFileSync(
    sheet,
    `meter_id,account\n${METERS.map((m, i) => `${m},K${String(i)}`).join('\n')}\n`,
  );
  desk.os.openAnswers.push(sheet);
  const choice = value(await b.chooseRouteSheet());
  if (choice.canceled || !('preview' in choice)) throw new Error('no preview');
  const mappingJson = JSON.stringify(choice.preview.mapping);
  expect(value(await b.loadRouteSheet({ path: sheet, mappingJson })).ok).toBe(true);
  value(await b.saveOffice({ settings, password }));
  // Its office desk runs once walking review asks the office (an empty walk leases nothing).
  await until(
    async () => value(await b.officeWalkNext({ meterIds: [] })).inOffice,
    `${settings.desk}'s office desk`,
  );
  return desk;
}
