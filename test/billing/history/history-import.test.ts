// `meter-desk history import`: readings of a billing system's history into a real queue file, in
// the sheet dialects MeterDesk reads; every line not taken named with its line and reason, the
// good ones stored; importing again adds nothing, and a stored reading is never written over.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { main } from '../../../main/cli/main';
import { openStore } from '../../../main/store/store';
import { captureIo } from '../../helpers/cli-io';
import { tempDir } from '../../helpers/tmp';

const dirs: { cleanup: () => void }[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.cleanup();
});

function files(): { dir: string; db: string } {
  const t = tempDir('meterdesk-history-');
  dirs.push(t);
  return { dir: t.dir, db: join(t.dir, 'queue.sqlite') };
}

it('stores the good lines, names every bad one with its line, and loses nothing on a re-import', async () => {
  const { dir, db } = files();
  const csv = join(dir, 'history.csv');
  writeFileSync(
    csv,
    [
      'meter_id,read_at,reading,read_type',
      'M1,2025-01-15,00100,actual',
      'M1,2025-02-14,00110,estimated',
      'M1,2025-03-15,00125,customer',
      'M1,2025-04-15,00131,removal',
      'M1,2025-04-15,00002,install',
      '',
      'M1,2025-13-15,00140,actual',
      'M2,15.01.2025,12.5x,actual',
      ',2025-01-15,00001,actual',
      'M2,2025-02-15,00200,guessed',
      'M2,2025-03-15,00210,',
    ].join('\n'),
  );
  const first = captureIo({});
  expect(await main(['history', 'import', csv, '--db', db], first)).toBe(2);
  expect(first.stdout()).toContain(
    'Read 10 lines for 2 meters: 6 readings added, 0 already there, 4 not taken.',
  );
  expect(first.stderr().trim().split('\n')).toEqual([
    'line 8: The read date "2025-13-15" is not a date MeterDesk reads (no such day).',
    'line 9: The reading "12.5x" is not a meter reading.',
    'line 10: The meter id is empty.',
    'line 11: The read type "guessed" is none of actual, customer, estimated, removal, install.',
  ]);

  // The corrected file again: what was there stays, what was missing comes in, a different
  // reading for a stored day and type is refused.
  writeFileSync(
    csv,
    [
      'meter_id,read_at,reading,read_type',
      'M1,2025-01-15,00100,actual',
      'M1,2025-05-15,00140,actual',
      'M1,2025-03-15,00126,customer',
    ].join('\n'),
  );
  const second = captureIo({});
  expect(await main(['history', 'import', csv, '--db', db], second)).toBe(2);
  expect(second.stdout()).toContain('1 readings added, 1 already there, 1 not taken.');
  expect(second.stderr()).toContain(
    'line 4: Meter M1 already has the customer reading 00125 on 2025-03-15; 00126 was not stored over it.',
  );

  const store = openStore(db);
  try {
    expect(store.history.of('M1').map((r) => [r.readAt, r.reading, r.readType])).toEqual([
      ['2025-01-15', '00100', 'actual'],
      ['2025-02-14', '00110', 'estimated'],
      ['2025-03-15', '00125', 'customer'],
      ['2025-04-15', '00002', 'install'],
      ['2025-04-15', '00131', 'removal'],
      ['2025-05-15', '00140', 'actual'],
    ]);
    expect(store.history.of('M2')).toEqual([
      { readAt: '2025-03-15', reading: '00210', readType: 'actual' },
    ]);
  } finally {
    store.close();
  }
});

it('reads a German semicolon file in Windows-1252 with German read types, exit 0 when all is taken', async () => {
  const { dir, db } = files();
  const csv = join(dir, 'historie.csv');
  const text = [
    'Zählernummer;Ablesedatum;Zählerstand;Ableseart',
    '4711;15.01.2025;00100,5;Ablesung',
    '4711;14.02.2025;00110,0;Schätzung',
    '4711;15.03.2025;00121,0;Kundenablesung',
    '4711;15.04.2025;00130,0;Ausbau',
    '4711;15.04.2025;00000,0;Einbau',
  ].join('\r\n');
  writeFileSync(csv, Buffer.from(text, 'latin1'));
  const io = captureIo({});
  expect(await main(['history', 'import', csv, '--db', db], io)).toBe(0);
  expect(io.stderr()).toBe('');
  expect(io.stdout()).toContain('5 readings added');
  const store = openStore(db);
  try {
    expect(store.history.of('4711').map((r) => r.readType)).toEqual([
      'actual',
      'estimated',
      'customer',
      'install',
      'removal',
    ]);
  } finally {
    store.close();
  }
});

it('names the missing columns and takes nothing from a file without them', async () => {
  const { dir, db } = files();
  const csv = join(dir, 'wrong.csv');
  writeFileSync(csv, 'meter,when,value\nM1,2025-01-01,1\n');
  const io = captureIo({});
  expect(await main(['history', 'import', csv, '--db', db], io)).toBe(2);
  expect(io.stderr()).toContain('No column for read_at (the header says: meter, when, value)');
  expect(io.stdout()).toContain('0 readings added');
});
