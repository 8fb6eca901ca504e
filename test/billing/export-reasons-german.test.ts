// A German billing export says everything in German (issue 22, item 5): the checks that could not
// run, a decision's notes and re-read notes, why a meter waits, identical copies and a photo
// without a meter are worded from the German set (export-note-templates-de.ts), read back from
// the written file; an English template writes the English of before, word for word.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_EXPORT_TEMPLATE, type ExportTemplate } from '../../common/billing/export-template';
import { bookedRows } from '../../common/billing/exchange-rows';
import { exportBilling } from '../../main/billing/billing-export';
import { billingRows } from '../../main/billing/meter-readings';
import { NEW_METER, openDecisionQueue, type DecisionQueue } from './decision-queue';

let queue: DecisionQueue;

beforeEach(async () => {
  queue = openDecisionQueue('meterdesk-reasons-de-');
  const { actions } = queue;
  const photo = (relPath: string, reading: string, day: string, sha: string): Promise<number> =>
    queue.readPhoto(relPath, reading, `2026-11-${day}T09:00:00`, sha.repeat(64));
  await photo('M1.jpg', '00012.0', '22', '1'); // lower: the meter was exchanged
  await photo('M2.jpg', '09999.0', '22', '2'); // sent for re-read
  await photo('M5.jpg', '00510.0', '22', '5'); // no previous read date: not checked
  await photo('M6.jpg', '00700.0', '22', '6'); // too high, and an identical copy
  await photo('M6-copy.jpg', '00700.0', '22', '6');
  await photo('M7.jpg', '00729.0', '22', '7'); // two different photos on two days
  await photo('M7-b.jpg', '00731.0', '21', '8');
  await photo('stranger.jpg', '00001.0', '22', '9'); // no meter
  const loaded = await queue.loadSheet([
    'M1;R;10;5;1;00100,0;2026-10-23;1,5',
    'M2;R;20;5;1;00200,0;2026-10-23;2',
    'M3;R;30;5;1;00300,0;2026-10-23;1',
    'M4;R;40;5;1;00400,0;2026-10-23;1',
    'M5;R;50;5;1;00500,0;;1',
    'M6;R;60;5;1;00600,0;2026-10-23;1',
    'M7;R;70;5;1;00700,0;2026-10-23;1',
    'M8;R;80;5;1;00800,0;2026-10-23;1',
  ]);
  expect(loaded).toBe(true);
  await actions.decideMeter('M1', { ...NEW_METER, oldFinal: '00130.0', newStart: '00002.0' });
  await actions.decideMeter('M2', { kind: 'reread', reason: 'implausible' });
  await actions.decideMeter('M3', { kind: 'estimate', readAt: '2026-11-22' });
  await actions.recordSkip('M4', 'dog', 'Rottweiler');
});
afterEach(() => {
  queue.close();
});

const columns: ExportTemplate['columns'] = [
  { field: 'meter_id', header: 'meter' },
  { field: 'reasons', header: 'reasons' },
];

/** meter (or the photo's "-") → reasons, as the written file says them. */
async function reasonsWritten(language: 'en' | 'de'): Promise<Map<string, string>> {
  const out = join(queue.dir, `${language}.csv`);
  await exportBilling(billingRows(queue.store), out, {
    ...DEFAULT_EXPORT_TEMPLATE,
    columns,
    language,
    includeUnmatched: true,
  });
  const text = readFileSync(out).subarray(3).toString('utf8');
  const rows = parse<Record<string, string>>(text, { columns: true });
  return new Map(rows.map((r) => [r.meter || '-', r.reasons ?? '']));
}

// English function words and MeterDesk's English nouns; none is a German word.
const ENGLISH =
  /\b(the|of|is|are|was|this|could|not|no|from|and|on|its|a|an|copy|copies|identical|photo|photos|meter|reading|checks?|waits?|review|estimated|exchanged|re-read|sent|unmatched|taken|folders?)\b/i;

describe('the German billing export', () => {
  it('words every reason and note in German', async () => {
    const de = await reasonsWritten('de');
    // M1's exchange is booked as the old meter's removal row and the new meter N1's two rows.
    expect(de.size).toBe(10);
    for (const [meter, reasons] of de)
      expect([meter, reasons.match(ENGLISH)?.[0]]).toEqual([meter, undefined]);
    expect(de.get('M1')).toMatch(
      /^Zähler gewechselt am 20\.11\.2026: alter Zähler M1 ausgebaut mit 00130,0, neuer Zähler N1 eingebaut mit 00002,0\./,
    );
    expect(de.get('M2')).toBe(
      'Zur Nachablesung auf der Ableseliste (der Zählerstand passt nicht). Kein Foto dieses Zählers.',
    );
    expect(de.get('M3')).toMatch(/^Geschätzt: 1 je Tag × 30 Tage\./);
    expect(de.get('M4')).toBe('Rottweiler');
    expect(de.get('M5')).toMatch(/^Nicht geprüft \(kein vorheriges Ablesedatum\): Die Prüfungen /);
    expect(de.get('M6')).toMatch(/ 1 identische Kopie des Fotos\.$/);
    expect(de.get('M7')).toBe(
      '2 verschiedene Fotos dieses Zählers, aufgenommen am 21.11.2026, 22.11.2026: Bitte das richtige bestätigen.',
    );
    expect(de.get('M8')).toBe('Kein Foto dieses Zählers.');
    expect(de.get('-')).toBe('Foto ohne Zähler: Kein Zähler der Ableseliste passt.');
  });

  it('an English template writes the English of before, word for word', async () => {
    const en = await reasonsWritten('en');
    const english = new Map(
      [...bookedRows(billingRows(queue.store))].map((r) => [r.meterId ?? '-', r.reasons]),
    );
    for (const [meter, reasons] of en)
      if (meter !== '-') expect([meter, reasons]).toEqual([meter, english.get(meter)]);
    expect(en.get('M2')).toBe(
      'Sent for re-read (the reading does not fit). No photo of this meter.',
    );
    expect(en.get('M5')).toMatch(/^Not checked \(no previous read date\): the /);
    expect(en.get('M6')).toMatch(/ 1 identical copy of the photo\.$/);
    expect(en.get('M7')).toBe(
      '2 different photos of this meter, taken on 2026-11-21, 2026-11-22: confirm the right one.',
    );
    expect(en.get('-')).toBe('Unmatched photo: no meter of the route sheet.');
  });
});
