// The sandbox cannot read a meter. The sample-image generator embeds the intended reading in the
// file (JPEG COM segment, PNG tEXt chunk or a WEBP RIFF chunk) as the ASCII marker
//   METERDESK:reading=<R>;meter_type=<T>;
// and the sandbox "recognises" exactly that. Images without a (well-formed) marker get a reading
// derived from their sha256, so any image still gives a stable, deterministic result.

export interface MeterReading {
  /** /^[0-9]{1,7}(\.[0-9]{1,3})?$/ */
  readonly reading: string;
  /** /^[a-z_]{1,24}$/ */
  readonly meterType: string;
}

export interface ImageReading extends MeterReading {
  /** 'marker': taken from the embedded marker; 'hash': derived from the sha256. */
  readonly source: 'marker' | 'hash';
  /**
   * Why no service could read this photo (blurred, dark, ...), when the generator marked it so:
   * its task fails, as a real service's would, and nothing is charged.
   */
  readonly unreadable?: string;
}

export const UNREADABLE_MARKER = 'METERDESK:unreadable=';
const UNREADABLE_BYTES = Buffer.from(UNREADABLE_MARKER, 'latin1');
const UNREADABLE_TAIL = /^([a-z_]{1,24});/;

/** The reason of the first `METERDESK:unreadable=<why>;` marker in the bytes, or null. */
export function findUnreadableMarker(bytes: Uint8Array): string | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = buf.indexOf(UNREADABLE_BYTES);
  if (at < 0) return null;
  const start = at + UNREADABLE_BYTES.length;
  return UNREADABLE_TAIL.exec(buf.toString('latin1', start, start + 25))?.[1] ?? null;
}

export const READING_MARKER = 'METERDESK:reading=';
const MARKER_BYTES = Buffer.from(READING_MARKER, 'latin1');
// The longest well-formed tail: 11 reading chars, ';meter_type=' (12), 24 type chars, ';'.
const MAX_TAIL = 11 + 12 + 24 + 1;
const TAIL = /^([0-9]{1,7}(?:\.[0-9]{1,3})?);meter_type=([a-z_]{1,24});/;

export const HASH_METER_TYPE = 'pointer';

/**
 * Finds the first occurrence of `METERDESK:reading=` in the bytes and parses what follows.
 * Returns null when there is none or when that first occurrence is malformed (later occurrences
 * are not consulted: one image, one intended reading).
 */
export function findReadingMarker(bytes: Uint8Array): MeterReading | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = buf.indexOf(MARKER_BYTES);
  if (at < 0) return null;
  const start = at + MARKER_BYTES.length;
  const tail = buf.toString('latin1', start, Math.min(buf.length, start + MAX_TAIL));
  const match = TAIL.exec(tail);
  if (!match) return null;
  const [, reading = '', meterType = ''] = match;
  return { reading, meterType };
}

/** 5 digits, a dot, 3 digits, from the first 64 bits of the sha256; meter type 'pointer'. */
export function readingFromHash(sha256Hex: string): MeterReading {
  const whole = parseInt(sha256Hex.slice(0, 8), 16) % 100_000;
  const fraction = parseInt(sha256Hex.slice(8, 16), 16) % 1000;
  return {
    reading: `${String(whole).padStart(5, '0')}.${String(fraction).padStart(3, '0')}`,
    meterType: HASH_METER_TYPE,
  };
}

/** The reading the simulated AI will report for these bytes. */
export function readImageReading(bytes: Uint8Array, sha256Hex: string): ImageReading {
  const unreadable = findUnreadableMarker(bytes);
  if (unreadable !== null) return { ...readingFromHash(sha256Hex), source: 'hash', unreadable };
  const marked = findReadingMarker(bytes);
  if (marked) return { ...marked, source: 'marker' };
  return { ...readingFromHash(sha256Hex), source: 'hash' };
}
