import type { OfficeMigration } from './migration';

/**
 * How a code and a meter are found for each other, as this migration shipped it (its own copy):
 * the digits of a text without its leading zeros. Wider than the desk's own comparison
 * (common/photo-codes.ts serialKey), so every meter a code may name is among those it finds; the
 * desk's comparison then decides among them.
 */
const digitsOf = (text: string): string => `ltrim(regexp_replace(${text}, '[^0-9]', '', 'g'), '0')`;

/**
 * The codes read on a photo (issue 30, item 2: a serial sticker naming another meter of the route
 * flags the reading at the desk that read it, and the office's rows did not know it): the JSON
 * array of {format, text} a desk read on the photo of this reading, '[]' when it read none; NULL
 * when not known (a desk of an older version, or the codes not read yet when it published; a desk
 * sets them on its own readings of the photo once read). The office's derivation looks the codes
 * up among the office's meters, by number or by the sheet's serial or barcode (the meter's
 * record), on these two indexes: most photos carry no code, and a code is looked for only when
 * one does.
 */
export const officeMigration014: OfficeMigration = {
  version: 14,
  name: 'codes read on photos',
  up: `
ALTER TABLE readings ADD COLUMN codes jsonb;
CREATE INDEX meters_by_number_digits ON meters ((${digitsOf('meter_number')}));
CREATE INDEX meters_by_barcode_digits ON meters ((${digitsOf("record ->> 'barcode'")}))
  WHERE record ->> 'barcode' IS NOT NULL;
`,
};
