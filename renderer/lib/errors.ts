// What a failed call means to the person at the desk, by error code. MeterDesk's own sentence is
// worded from its code (IpcError.said) in the window's language; any other message (the service's
// own words) is kept as the detail, untranslated; the headline says what to do.
import type { TFunction } from 'i18next';
import type { IpcError, IpcErrorCode } from '../../common/ipc';
import { englishT } from '../i18n/english';
import { engineWords } from './engine-words';

type ErrorsT = TFunction<'errors'>;
type EngineT = TFunction<'engine'>;
const EN = englishT('errors');

export function errorHeadline(code: IpcErrorCode, t: ErrorsT = EN): string {
  return t(`headline.${code}`);
}

/** One line: headline and the message, when it adds something. */
export function describeError(
  error: IpcError,
  t: ErrorsT = EN,
  engineT: EngineT = englishT('engine'),
): string {
  const head = errorHeadline(error.code, t);
  const detail = error.said ? engineWords(error.said, engineT) : error.message.trim();
  // The English headline is what the message repeats when it adds nothing.
  return detail && detail !== head && detail !== errorHeadline(error.code)
    ? t('withDetail', { head, detail })
    : head;
}

/** Onboarding and settings: the same call failing for the address or for the key. */
export function connectionAdvice(error: IpcError, t: ErrorsT = EN): string {
  switch (error.code) {
    case 'key_rejected':
      return t('advice.key_rejected');
    case 'permission_denied':
      return t('advice.permission_denied', { detail: error.message });
    // The backend tells these apart (no such name, nothing listening, something else answering)
    // in a full sentence with the remedy: said once, not wrapped in a second, vaguer one.
    case 'unreachable':
    case 'bad_response':
      return error.message;
    case 'not_https':
      return t('advice.not_https');
    case 'invalid_url':
      return error.message || t('advice.invalid_url');
    default:
      return describeError(error, t);
  }
}
