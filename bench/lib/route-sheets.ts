// Route sheets and photo names as billing systems and readers produce them, generated for the
// routes benchmark (and its test): realistic columns, leading zeros, quoted addresses with the
// delimiter inside, and the two common dialects.
import { encodeWindows1252 } from '../../main/billing/windows-1252';

export type SheetDialect = 'utf8-comma' | 'cp1252-semicolon';

const STREETS = ['Hauptstraße', 'Gärtnerweg', 'Am Mühlbach', 'Lindenallee', 'Rue de la Paix'];

export function meterIdOf(i: number): string {
  return `M${String(i).padStart(7, '0')}`;
}

/** A sheet of `count` meters: UTF-8 with "," and "." or Windows-1252 with ";" and "," (Excel, DE). */
export function routeSheet(count: number, dialect: SheetDialect): Uint8Array {
  const german = dialect === 'cp1252-semicolon';
  const d = german ? ';' : ',';
  const mark = german ? ',' : '.';
  const header = german
    ? 'Zählernummer;Konto;Adresse;Route;Reihenfolge;Vorkommastellen;Nachkommastellen;Altstand;Letztes Ablesedatum;Tagesdurchschnitt'
    : 'meter_id,account,address,route,sequence,digits,decimals,previous_reading,previous_read_at,avg_daily_use';
  const lines = [header];
  for (let i = 0; i < count; i++) {
    const street = STREETS[i % STREETS.length] ?? '';
    const day = 1 + (i % 28);
    const date = german ? `${pad(day)}.09.2026` : `2026-09-${pad(day)}`;
    const previous = `${String(i % 99_999).padStart(5, '0')}${mark}${String(i % 1000).padStart(3, '0')}`;
    const avg = `${(i % 30) / 10}`.replace('.', mark);
    lines.push(
      [
        meterIdOf(i),
        `K${String(i * 7).padStart(9, '0')}`,
        `"${street} ${1 + (i % 200)}${d} ${10_000 + (i % 90_000)} Stadt"`,
        `R${String(Math.floor(i / 500)).padStart(4, '0')}`,
        String(i % 500),
        '5',
        '3',
        previous,
        date,
        avg,
      ].join(d),
    );
  }
  const text = `${lines.join('\r\n')}\r\n`;
  return german ? encodeWindows1252(text) : Buffer.from(text, 'utf8');
}

/**
 * `count` photo paths against meters 0..meters-1: 50 % camera names with the id as a token, 20 %
 * one folder per meter, 20 % "{meter}_{yyyymmdd}.jpg", 10 % names of no meter.
 */
export function photoNames(count: number, meters: number): { paths: string[]; expectNone: number } {
  const paths: string[] = [];
  let expectNone = 0;
  for (let i = 0; i < count; i++) {
    const id = meterIdOf((i * 7919) % meters);
    const kind = i % 10;
    if (kind < 5) paths.push(`R${i % 40}/IMG_${id}_${i}.jpg`);
    else if (kind < 7) paths.push(`R${i % 40}/${id}/IMG_${String(i).padStart(4, '0')}.jpg`);
    else if (kind < 9) paths.push(`R${i % 40}/${id}_20261012.jpg`);
    else {
      paths.push(`R${i % 40}/DSC_${String(i).padStart(5, '0')}.jpg`);
      expectNone++;
    }
  }
  return { paths, expectNone };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
