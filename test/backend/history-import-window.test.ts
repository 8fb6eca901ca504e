// "Import history…" in the window (issue 33, item 1): main's open dialog, then the backend imports
// the chosen file through the action layer and answers with counts and every line not taken, as
// codes; a canceled dialog imports nothing. Through the window's own dispatcher, on a real queue.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDesktop, value, type Desktop } from '../ipc/helpers/desktop';

let desk: Desktop | null = null;
afterEach(async () => {
  await desk?.close();
  desk = null;
});

describe('importing a meter history from the window', () => {
  it('imports the chosen file and names each line it did not take', async () => {
    desk = await openDesktop();
    const file = join(desk.dir, 'history.csv');
    writeFileSync(
      file,
      [
        'meter_id,read_at,reading,read_type',
        'M1,2026-01-23,00100,actual',
        'M1,2026-02-23,00110,customer',
        'M1,2026-03-23,ten,actual',
        'M2,2026-03-23,00050,estimated',
      ].join('\n'),
    );
    desk.os.openAnswers.push(file);
    const imported = value(await desk.bridge.importHistory({}));
    expect(imported).toEqual({
      canceled: false,
      lines: 4,
      added: 3,
      unchanged: 0,
      meters: 2,
      metersOnSheet: 0,
      problems: [{ line: 4, code: 'bad_reading', params: { text: 'ten' } }],
      problemCount: 1,
    });
    // The same file again: nothing new, the same line refused.
    desk.os.openAnswers.push(file);
    expect(value(await desk.bridge.importHistory({}))).toMatchObject({ added: 0, unchanged: 3 });
  });

  it('imports nothing when the dialog is canceled', async () => {
    desk = await openDesktop();
    desk.os.openAnswers.push(null);
    expect(value(await desk.bridge.importHistory({}))).toEqual({ canceled: true });
  });
});
