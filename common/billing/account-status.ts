// An account status cell as billing systems write it: a status column says "aktiv" or
// "Leerstand", a vacancy column says yes or no. Anything else is no status (the sheet's problem to
// fix, named by its row), never a guess.
import { normaliseHeader } from './column-mapping';
import type { AccountStatus } from './history-types';
import { clip, type ValueResult } from './sheet-values';

const WORDS: Readonly<Record<string, AccountStatus>> = {
  active: 'active',
  occupied: 'active',
  aktiv: 'active',
  bewohnt: 'active',
  belegt: 'active',
  inuse: 'active',
  vacant: 'vacant',
  empty: 'vacant',
  unoccupied: 'vacant',
  leerstand: 'vacant',
  leer: 'vacant',
  unbewohnt: 'vacant',
};

/** A column that answers "is it vacant?" (Leerstand: ja / nein). */
const VACANCY_HEADERS = new Set(['vacancy', 'vacant', 'leerstand']);
const YES = new Set(['yes', 'y', 'ja', 'j', 'x', 'true', 'wahr', '1']);
const NO = new Set(['no', 'n', 'nein', 'false', 'falsch', '0']);

export function parseAccountStatus(raw: string, header: string): ValueResult<AccountStatus> {
  const key = normaliseHeader(raw);
  const word = WORDS[key];
  if (word !== undefined) return { ok: true, value: word };
  if (VACANCY_HEADERS.has(normaliseHeader(header))) {
    if (YES.has(key)) return { ok: true, value: 'vacant' };
    if (NO.has(key)) return { ok: true, value: 'active' };
  }
  return { ok: false, fault: 'not_status', params: { text: clip(raw.trim()) } };
}
