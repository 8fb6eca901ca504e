// A delimited order file as a spreadsheet saves it in UTF-8: a BOM, LF line endings, quoted cells
// (an empty quoted reading cell, a quoted address with the delimiter in it), umlauts in UTF-8. The
// return keeps all of it; only the filled cells change, written unquoted.
import { expect, it } from 'vitest';
import { BUILTIN_PROFILES } from '../../../common/billing/order-files/builtin-profiles';
import { buildReturn } from '../../../common/billing/order-files/build-return';
import { toByteString } from '../../../common/billing/order-files/order-lines';
import { parseOrderFile } from '../../../common/billing/order-files/parse-order-file';
import { recogniseProfile } from '../../../common/billing/order-files/recognise';
import type { MeterResult } from '../../../common/billing/order-files/return-fill';
import { actualRead } from './actual-read';

const FILE = [
  '\uFEFFmeter_id,Anschrift,decimals,previous_reading,previous_read_date,reading,read_date,read_code,Bemerkung',
  '"00042","Mühlenweg 3, Hinterhaus",2,"00100.25",2026-09-18,"",,,"Schlüssel "',
  '00043,Gänseweg 1,2,00200.50,2026-09-18,,,,',
  '',
].join('\n');

const read = (reading: string): MeterResult => actualRead(reading);

it('keeps the BOM, LF, quoting and UTF-8 and fills only its cells', () => {
  const bytes = toByteString(Buffer.from(FILE, 'utf8'));
  const profile = recogniseProfile(BUILTIN_PROFILES, bytes);
  expect(profile?.name).toBe('csv-passthrough');
  if (!profile) return;
  const parsed = parseOrderFile(profile, bytes);
  if (!parsed.ok) throw new Error(parsed.problem);
  expect(parsed.file.encoding).toBe('utf-8');
  expect(parsed.file.records.map((r) => r.meter)).toEqual(['00042', '00043']);
  const built = buildReturn({
    file: parsed.file,
    resultOf: (m) => (m === '00042' ? read('00112.5') : null),
    photosWithoutOrder: [],
    today: '2026-10-21',
    fileTime: null,
  });
  if (!built.ok) throw new Error('refused');
  const out = Buffer.from(built.bytes, 'latin1').toString('utf8');
  expect(out).toBe(
    [
      '\uFEFFmeter_id,Anschrift,decimals,previous_reading,previous_read_date,reading,read_date,read_code,Bemerkung',
      '"00042","Mühlenweg 3, Hinterhaus",2,"00100.25",2026-09-18,00112.50,2026-10-20,R,"Schlüssel "',
      '00043,Gänseweg 1,2,00200.50,2026-09-18,,,,',
      '',
    ].join('\n'),
  );
});
