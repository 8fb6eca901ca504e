// Every refusal a backend handler replies with is a code of common/reply-messages.ts: each one is
// walked through the English and German catalogues here (a code without words fails to compile in
// renderer/lib/reply-words.ts, a key without words fails this test), and no handler can reply
// without one (AppError's `said` is required; nothing in main/backend builds a reply by hand).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fail, type IpcError } from '../../common/ipc/result';
import { saidText } from '../../common/reply-english';
import {
  OWNED_ACTIONS,
  REPLY_MESSAGES,
  type ReplyCode,
  type ReplyMessage,
} from '../../common/reply-messages';
import { createI18n } from '../../renderer/i18n/i18n';
import { connectionAdvice, describeError } from '../../renderer/lib/errors';
import { replyWords } from '../../renderer/lib/reply-words';

const errorsDe = createI18n('de').getFixedT('de', 'errors');
const errorsEn = createI18n('en').getFixedT('en', 'errors');
const errorsPseudo = createI18n('en-XA').getFixedT('en-XA', 'errors');

/** Parameters for a code, each of its kind: a number, a word MeterDesk knows, foreign data. */
function sample(code: ReplyCode, word = 'other'): ReplyMessage {
  const kinds: Readonly<Record<string, string>> = REPLY_MESSAGES[code];
  const params = Object.fromEntries(
    Object.entries(kinds).map(([name, kind]) => [
      name,
      kind === 'count' ? 7 : kind === 'word' ? word : `«${name}»`,
    ]),
  );
  return { code, params } as ReplyMessage;
}

/** Every code, and every word a `word` parameter takes. */
function everyRefusal(): ReplyMessage[] {
  const words: Partial<Record<ReplyCode, readonly string[]>> = {
    readingRefused: ['empty', 'grouping', 'notDigits', 'tooManyDigits', 'tooManyDecimals'],
    queueOwned: [...OWNED_ACTIONS, 'something new'],
    exportNotWritten: [
      'ENOENT',
      'noNewFiles',
      'ENOTDIR',
      'EISDIR',
      'folderExists',
      'EACCES',
      'EBUSY',
      'EROFS',
      'ENOSPC',
      'ENAMETOOLONG',
      'other',
    ],
  };
  return (Object.keys(REPLY_MESSAGES) as ReplyCode[]).flatMap((code) =>
    (words[code] ?? ['other']).map((w) => sample(code, w)),
  );
}

function failed(said: ReplyMessage): IpcError {
  const result = fail('invalid_request', saidText(said), said);
  if (result.ok) throw new Error('not a failure');
  return result.error;
}

describe('every refusal of a backend handler', () => {
  it('is worded in English and in German from its code, every parameter in place', () => {
    for (const said of everyRefusal()) {
      const id = `${said.code} ${JSON.stringify(said.params)}`;
      const en = replyWords(said, errorsEn);
      const de = replyWords(said, errorsDe);
      for (const text of [en, de]) {
        expect(text, id).not.toMatch(/\{\{|\}\}|^said\.|^reading\.|said\.action/);
        expect(text.trim(), id).not.toBe('');
        // Foreign data is shown as it came (an export's folder and detail only where its reason
        // names them).
        const data = Object.entries(REPLY_MESSAGES[said.code]).filter(
          ([, kind]) => kind === 'data',
        );
        for (const [name] of data) {
          if (said.code === 'exportNotWritten' && name !== 'file') continue;
          expect(text, `${id} ${name}`).toContain(`«${name}»`);
        }
      }
      // A count is said too, where the sentence is about it (a reading's limit only when exceeded).
      const counts = Object.entries(REPLY_MESSAGES[said.code]).filter(([, k]) => k === 'count');
      const countless =
        said.code === 'readingRefused' && !said.params.problem.startsWith('tooMany');
      for (const [name] of countless ? [] : counts) {
        for (const text of [en, de]) expect(text, `${id} ${name}`).toMatch(/\b7\b/);
      }
      // Data alone is not a sentence: each code says something of its own in German.
      expect(de, id).not.toBe(en);
    }
  });

  it('every code and action has its own words in the pseudo-locale (no English left over)', () => {
    for (const said of everyRefusal()) {
      expect(replyWords(said, errorsPseudo), said.code).toMatch(/^⟦/);
    }
  });

  it('in the window: German from the code, never the English message', () => {
    const error = failed(sample('meterNotInSheets'));
    expect(error.message).toBe('Meter «meter» is not in the loaded route sheets.');
    expect(describeError(error, errorsDe)).toBe(
      'MeterDesk konnte das nicht ausführen: Zähler «meter» ist in den geladenen Ableselisten nicht enthalten.',
    );
    const renamed = { ...error, message: 'something else entirely' };
    expect(describeError(renamed, errorsDe)).toBe(describeError(error, errorsDe));
    expect(describeError(renamed)).not.toContain('something else');
  });

  it('a queue held by the window names the owner in the window language', () => {
    const said: ReplyMessage = {
      code: 'queueOwned',
      params: {
        action: 'load route sheet',
        owner: 'the MeterDesk window',
        pid: 42,
        host: '',
        since: '2026-12-07T04:00:00Z',
      },
    };
    expect(replyWords(said, errorsDe)).toContain('Jetzt nicht möglich: Ableseliste laden.');
    expect(replyWords(said, errorsDe)).toContain('Prozess 42');
    expect(replyWords(said, errorsDe)).not.toContain('the MeterDesk window');
    expect(replyWords(said)).toBe(saidText(said).replace('load route sheet', 'load a route sheet'));
  });

  it('a typed reading is refused in the words the review box uses', () => {
    const said: ReplyMessage = {
      code: 'readingRefused',
      params: { problem: 'tooManyDecimals', max: 2 },
    };
    const statesDe = createI18n('de').getFixedT('de', 'states');
    expect(replyWords(said, errorsDe)).toBe(statesDe('reading.tooManyDecimals', { max: 2 }));
  });

  it("Connect's advice words the address's and the network's refusals from their codes", () => {
    const host = failed({ code: 'nameNotFound', params: { host: 'ablesung.example' } });
    expect(connectionAdvice({ ...host, code: 'unreachable' }, errorsDe)).toBe(
      'Den Namen ablesung.example gibt es nicht: Kein Computer im Netz heißt so. Prüfen Sie die Schreibweise der Adresse.',
    );
    const denied = failed({ code: 'keyNotAllowed', params: { serviceSays: 'scope missing' } });
    const advice = connectionAdvice({ ...denied, code: 'permission_denied' }, errorsDe);
    expect(advice).toMatch(/^Der Schlüssel funktioniert.*scope missing$/);
  });
});

describe('the backend replies with codes only', () => {
  const root = path.join(__dirname, '../../main/backend');
  const sources = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ file: f, text: readFileSync(path.join(root, f), 'utf8') }));

  it('builds no failed reply by hand: every error it replies with is an AppError with a code', () => {
    expect(sources.length).toBeGreaterThan(20);
    const byHand = sources.filter(
      ({ text }) => /\bfail\s*\(/.test(text) || /ok:\s*false,\s*error/.test(text),
    );
    expect(byHand.map((s) => s.file)).toEqual([]);
    // An AppError's second argument is its code (its type requires it): never a sentence.
    const sentences = sources.filter(({ text }) =>
      /new AppError\(\s*'[a-z_]+',\s*[`'"]/.test(text),
    );
    expect(sentences.map((s) => s.file)).toEqual([]);
  });

  it("main's own window calls (dialogs, the log folder) reply with a code too, never a sentence", () => {
    const desktop = path.join(__dirname, '../../main/desktop');
    const files = readdirSync(desktop, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.ts'),
    );
    expect(files.length).toBeGreaterThan(5);
    const sentences = files.filter((f) =>
      /\bfail\(\s*'[a-z_]+',\s*[`'"]/.test(readFileSync(path.join(desktop, f), 'utf8')),
    );
    expect(sentences).toEqual([]);
  });
});
