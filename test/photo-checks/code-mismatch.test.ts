// A photo's code against the meter it was matched to (issue 25): a code naming another meter of
// the route flags it and names where it belongs; a code naming its own meter, or none of the
// route's (a maker's QR code), flags nothing.
import { describe, expect, it } from 'vitest';
import {
  codeMismatch,
  meterCodeIndex,
  meterNamedByCodes,
  serialKey,
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

  it('matches a serial printed without its dash or spaces, or with leading zeros, and nothing fuzzier', () => {
    for (const printed of ['47110817', '4711 0817', '004711-0817', '4711.0817', '4711_0817']) {
      expect(meterNamedByCodes([qr(printed)], index), printed).toBe('4711-0817');
    }
    // A zero inside the serial, a digit more or less, a letter for a digit: another serial.
    for (const other of ['4711-817', '4711-08170', '4711-O817', '4711-0818']) {
      expect(meterNamedByCodes([qr(other)], index), other).toBeNull();
    }
    expect(serialKey('00-00')).toBe('0');
  });

  it('names neither of two meters whose serials differ only by what the normalisation drops', () => {
    const route = meterCodeIndex([{ meterId: '0815' }, { meterId: '815' }, { meterId: '4711' }]);
    expect(meterNamedByCodes([qr('815')], route)).toBeNull();
    expect(meterNamedByCodes([qr('0815')], route)).toBeNull();
    expect(codeMismatch([qr('0815')], '4711', route)).toBeNull();
    expect(meterNamedByCodes([qr('04711')], route)).toBe('4711');
  });
});
