// A photo's code against the meter it was matched to (issue 25): a code naming another meter of
// the route flags it and names where it belongs; a code naming its own meter, or none of the
// route's (a maker's QR code), flags nothing.
import { describe, expect, it } from 'vitest';
import {
  codeMismatch,
  meterCodeIndex,
  meterNamedByCodes,
  type PhotoCode,
} from '../../common/photo-codes';

const index = meterCodeIndex([
  { meterId: '4711-0815', barcode: 'SN 99812' },
  { meterId: '4711-0816', barcode: null },
  { meterId: '4711-0817' },
]);
const qr = (text: string): PhotoCode => ({ format: 'QRCode', text });

describe('a photo code against its meter', () => {
  it('flags a code naming another meter, by its sticker or its number', () => {
    expect(codeMismatch([qr('sn-99812')], '4711-0816', index)).toEqual({
      code: 'codeNamesOtherMeter',
      params: { code: 'sn-99812', matched: '4711-0816', named: '4711-0815' },
    });
    expect(codeMismatch([qr('4711 0817')], '4711-0816', index)?.params.named).toBe('4711-0817');
  });

  it('flags nothing when a code names the matched meter or no meter of the route', () => {
    expect(codeMismatch([qr('SN99812')], '4711-0815', index)).toBeNull();
    expect(
      codeMismatch([qr('https://maker.example/x'), qr('4711-0816')], '4711-0816', index),
    ).toBeNull();
    expect(codeMismatch([qr('https://maker.example/x')], '4711-0816', index)).toBeNull();
    expect(codeMismatch([], '4711-0816', index)).toBeNull();
  });

  it('names the meter a photo matched to none belongs to', () => {
    expect(meterNamedByCodes([qr('nothing'), qr('SN 99812')], index)).toBe('4711-0815');
    expect(meterNamedByCodes([qr('nothing')], index)).toBeNull();
  });
});
