// The codes read on a meter photo (a serial sticker: Code 128, QR, DataMatrix) and the one rule
// that compares them with the meter the photo was matched to. Main reads and stores them, the
// window and the exports show them.

/** One code read on a photo: its symbology as zxing names it, and the text it carries. */
export interface PhotoCode {
  readonly format: string;
  readonly text: string;
}

/** Serials are written with spaces, dashes or dots at will: compared without them, any case. */
export function serialKey(text: string): string {
  return text.replace(/[\s\-./_]/g, '').toUpperCase();
}

/** The stored JSON of a photo's codes, or [] when none were read or the text is not ours. */
export function parsePhotoCodes(json: string | null): PhotoCode[] {
  if (json === null || json === '') return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (c): c is PhotoCode =>
        typeof c === 'object' &&
        c !== null &&
        typeof (c as { format?: unknown }).format === 'string' &&
        typeof (c as { text?: unknown }).text === 'string',
    );
  } catch {
    return [];
  }
}
