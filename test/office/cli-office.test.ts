// `meter-desk office init` and `run --office` against a real PostgreSQL: the schema made once and
// safe to make again; failures in plain words with their exit codes; a run publishing every
// reading to the office; and the password in no line printed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { watchCommand } from '../../main/cli/commands/watch';
import { main } from '../../main/cli/main';
import { LATEST_OFFICE_VERSION } from '../../main/office/store/migrations';
import { captureIo } from '../helpers/cli-io';
import { expectedReadings, harness, waitFor, type Harness } from '../helpers/engine-harness';
import { officeSkip, useOfficeCluster, type TestOffice } from './pg-cluster';

const office = useOfficeCluster();
const LATEST = LATEST_OFFICE_VERSION;

function passwordOf(url: string): string {
  return decodeURIComponent(new URL(url).password);
}

describe.skipIf(officeSkip !== null)('meter-desk office init', () => {
  it('creates the schema, and a second run changes nothing; the password is never printed', async () => {
    const o = await office().newOffice();
    const first = captureIo({});
    expect(await main(['office', 'init', '--office', o.ownerUrl], first)).toBe(0);
    expect(first.stdout()).toMatch(new RegExp(`schema 0 -> ${LATEST}`));
    expect(first.stdout()).toContain('meterdesk_owner:***@');
    // The same through the environment.
    const again = captureIo({ METER_DESK_OFFICE_URL: o.ownerUrl });
    expect(await main(['office', 'init'], again)).toBe(0);
    expect(again.stdout()).toContain(`schema ${LATEST}, already up to date`);
    for (const io of [first, again]) expect(io.all()).not.toContain(passwordOf(o.ownerUrl));
  });

  it('says a wrong password, a missing database and an unreachable server apart', async () => {
    const o = await office().newOffice();
    const wrong = o.ownerUrl.replace(':owner-secret-1@', ':not-the-secret@');
    const missing = o.ownerUrl.replace(`/${o.database}`, '/no_such_office');
    const away = `postgres://meterdesk_owner:secret-away@127.0.0.1:1/${o.database}`;
    const cases: [string, number, string][] = [
      [wrong, 3, 'refused the user name or password'],
      [missing, 2, 'no such database'],
      [away, 4, 'not reachable'],
    ];
    for (const [url, code, words] of cases) {
      const io = captureIo({});
      expect(await main(['office', 'init', '--office', url], io), url).toBe(code);
      expect(io.stderr()).toContain(words);
      expect(io.all()).not.toContain(passwordOf(url));
    }
    const notUrl = captureIo({});
    expect(await main(['office', 'init', '--office', 'host=x password=hunter2'], notUrl)).toBe(2);
    expect(notUrl.all()).not.toContain('hunter2');
  });
});

describe.skipIf(officeSkip !== null)('meter-desk run --office', () => {
  let h: Harness;
  let o: TestOffice;
  beforeAll(async () => {
    h = await harness({ photos: 4, duplicates: 0, subfolders: false });
    o = await office().newOffice();
    expect(await main(['office', 'init', '--office', o.ownerUrl], captureIo({}))).toBe(0);
  });
  afterAll(async () => {
    await h.close();
  });

  it("publishes every reading of the run to the office as this desk's", async () => {
    const deskUrl = await o.deskUrl('anna');
    const io = captureIo({
      METER_DESK_BASE_URL: h.sandbox.url,
      METER_DESK_API_KEY: h.sandbox.apiKey,
      METER_DESK_OFFICE_URL: deskUrl,
    });
    const code = await main(['run', h.photos, '--db', h.dbFile, '--desk', 'anna@pc1'], io);
    expect(code, io.all()).toBe(0);
    expect(io.stderr()).toContain('Office: publishing to');
    expect(io.stderr()).toMatch(/Office: \d+ entries published, none waiting/);
    expect(io.all()).not.toContain(passwordOf(deskUrl));
    const admin = office().adminOn(o.database);
    const readings = await admin.query<{ desk: string; n: number }>(
      'SELECT desk, count(*)::int AS n FROM readings GROUP BY desk',
    );
    expect(readings.rows).toEqual([
      { desk: 'anna@pc1', n: [...expectedReadings(h.manifest)].length },
    ]);
  });

  it('a second desk running the same photos sends none: it takes the office readings', async () => {
    const sent = h.sandbox.ledger.tasks().length;
    const env = {
      METER_DESK_BASE_URL: h.sandbox.url,
      METER_DESK_API_KEY: h.sandbox.apiKey,
      METER_DESK_OFFICE_URL: await o.deskUrl('carl'),
    };
    const args = ['run', h.photos, '--db', join(h.dir, 'carl.sqlite'), '--desk', 'carl@pc3'];
    const io = captureIo(env);
    expect(await main([...args, '--json'], io), io.all()).toBe(0);
    expect(h.sandbox.ledger.tasks().length).toBe(sent);
    const photos = [...expectedReadings(h.manifest)].length;
    expect(JSON.parse(io.stdout())).toMatchObject({ counts: { done: photos } });
    // Run again, in words: the desk says whose readings its photos took.
    const again = captureIo(env);
    expect(await main(args, again), again.all()).toBe(0);
    expect(again.stderr()).toContain(
      `Office: ${photos} photos took anna@pc1's readings, not sent again.`,
    );
  });

  it('a run with the office unreachable sends without claims and says so in its summary', async () => {
    // Nothing listens on port 1: every connection is refused, the office is away, not late.
    const away = `postgres://desk_anna:pw-anna@127.0.0.1:1/${o.database}`;
    const io = captureIo({
      METER_DESK_BASE_URL: h.sandbox.url,
      METER_DESK_API_KEY: h.sandbox.apiKey,
      METER_DESK_OFFICE_URL: away,
    });
    const args = ['run', h.photos, '--db', join(h.dir, 'away.sqlite'), '--desk', 'dora@pc4'];
    expect(await main(args, io), io.all()).toBe(0);
    const photos = [...expectedReadings(h.manifest)].length;
    expect(io.stderr()).toContain('photos are sent without a claim until it answers');
    expect(io.stderr()).toContain(
      `Office: ${photos} photos sent without a claim; another desk may have paid for them too.`,
    );
    expect(io.all()).not.toContain('pw-anna');
  });

  it('publishes what a watched folder reads, and says so when stopped', async () => {
    // An office of its own: in the one above every photo was read already, and a desk takes
    // those readings instead of reading (and publishing) them again.
    const own = await office().newOffice();
    expect(await main(['office', 'init', '--office', own.ownerUrl], captureIo({}))).toBe(0);
    const deskUrl = await own.deskUrl('ben');
    const inbox = join(h.dir, 'inbox');
    mkdirSync(inbox);
    const io = captureIo({
      METER_DESK_BASE_URL: h.sandbox.url,
      METER_DESK_API_KEY: h.sandbox.apiKey,
      METER_DESK_OFFICE_URL: deskUrl,
    });
    const stop = new AbortController();
    const args = [
      inbox,
      '--db',
      join(h.dir, 'watch.sqlite'),
      '--stable',
      '0.2',
      '--desk',
      'ben@pc2',
    ];
    const watching = watchCommand(args, io, { signal: stop.signal });
    const admin = office().adminOn(own.database);
    const byBen = async (): Promise<number> =>
      (
        await admin.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM readings WHERE desk = 'ben@pc2'`,
        )
      ).rows[0]?.n ?? 0;
    try {
      await waitFor(
        () => io.stderr().includes(`Watching ${inbox}`),
        30_000,
        () => io.all(),
      );
      for (const name of readdirSync(h.photos))
        copyFileSync(join(h.photos, name), join(inbox, name));
      const expected = [...expectedReadings(h.manifest)].length;
      // A hang guard, not a measurement: the publisher looks at the outbox every 2 s.
      for (let tries = 0; (await byBen()) < expected && tries < 300; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await byBen()).toBe(expected);
    } finally {
      stop.abort();
      expect(await watching).toBe(0);
    }
    expect(io.stderr()).toMatch(/Office: \d+ entries published, none waiting/);
    expect(io.all()).not.toContain(passwordOf(deskUrl));
  });
});
