// What a failed call means to the person at the desk, by error code. MeterDesk's own sentence is
// worded from its code (IpcError.said: a refusal of common/reply-messages.ts or a log code) in the
// window's language; the reply's English `message` is never shown (a reply without `said`, the
// plumbing's own, says its headline); the headline says what to do.
import type { TFunction, TOptions } from 'i18next';
import type { IpcError, IpcErrorCode } from '../../common/ipc';
import type { Said } from '../../common/reply-english';
import { englishT } from '../i18n/english';
import { engineWords } from './engine-words';
import { isReply, replyWords } from './reply-words';

type ErrorsT = TFunction<'errors'>;
type EngineT = TFunction<'engine'>;
const EN = englishT('errors');

/**
 * The engine namespace in the language of `t`: i18next reads another namespace of the same
 * language when asked with `ns`, so a caller with the errors' words alone still words a log code
 * in its language.
 */
function engineOf(t: ErrorsT): EngineT {
  // The same function, asked for keys of the other namespace (its types know one at a time).
  const untyped = t as unknown as (key: string, options: TOptions) => string;
  const say = (key: string, options?: TOptions): string =>
    untyped(key, { ...options, ns: 'engine' });
  return say as unknown as EngineT;
}

/** A failed call's own sentence in the window's words. */
export function saidWords(said: Said, t: ErrorsT = EN, engineT: EngineT = engineOf(t)): string {
  return isReply(said) ? replyWords(said, t) : engineWords(said, engineT);
}

export function errorHeadline(code: IpcErrorCode, t: ErrorsT = EN): string {
  return t(`headline.${code}`);
}

/** One line: headline and the message, when it adds something. */
export function describeError(
  error: IpcError,
  t: ErrorsT = EN,
  engineT: EngineT = engineOf(t),
): string {
  const head = errorHeadline(error.code, t);
  const detail = error.said ? saidWords(error.said, t, engineT) : '';
  return detail && detail !== head ? t('withDetail', { head, detail }) : head;
}

/** Onboarding and settings: the same call failing for the address or for the key. */
export function connectionAdvice(error: IpcError, t: ErrorsT = EN): string {
  switch (error.code) {
    case 'key_rejected':
      return t('advice.key_rejected');
    case 'permission_denied': {
      // The service's own words, when it gave any; the advice says the rest.
      const said = error.said?.code === 'keyNotAllowed' ? error.said.params.serviceSays : '';
      return t('advice.permission_denied', { detail: said }).trim();
    }
    // The backend tells these apart (no such name, nothing listening, something else answering)
    // in a full sentence with the remedy: said once, not wrapped in a second, vaguer one.
    case 'unreachable':
    case 'bad_response':
      return error.said ? saidWords(error.said, t) : errorHeadline(error.code, t);
    case 'not_https':
      return t('advice.not_https');
    case 'invalid_url':
      return error.said ? saidWords(error.said, t) : t('advice.invalid_url');
    default:
      return describeError(error, t);
  }
}
