// Bytes of route sheets as other programs save them.
import { encodeWindows1252, firstUnencodable } from '../../main/billing/windows-1252';

/** As Excel's "Unicode text" (UTF-16) saves, with or without the byte order mark. */
export function utf16(text: string, order: 'le' | 'be', bom: boolean): Buffer {
  const le = Buffer.from(`${bom ? '\uFEFF' : ''}${text}`, 'utf16le');
  return order === 'le' ? le : Buffer.from(le).swap16();
}

/** As Excel's plain "CSV" on Western-European Windows saves; throws if `text` does not fit. */
export function encodeWindows1252Strict(text: string): Buffer {
  const bad = firstUnencodable(text);
  if (bad !== null) throw new Error(`test text holds ${bad}, which Windows-1252 cannot`);
  return Buffer.from(encodeWindows1252(text));
}
