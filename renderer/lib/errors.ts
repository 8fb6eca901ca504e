// What a failed call means to the person at the desk, by error code. The service's own message is
// kept as the detail; the headline says what to do.
import type { IpcError, IpcErrorCode } from '../../common/ipc';

const HEADLINES: Record<IpcErrorCode, string> = {
  invalid_request: 'MeterDesk could not do that',
  forbidden: 'This window may not do that',
  not_found: 'That item is no longer there',
  not_configured: 'No service is set up yet',
  key_rejected: 'The service refused the API key',
  permission_denied: 'The key is not allowed to do this',
  unreachable: 'The service could not be reached',
  not_https: 'The address must start with https://',
  invalid_url: 'That is not a web address',
  bad_response: 'The service answered in an unexpected way',
  keychain_unavailable: 'The system keychain is not available',
  file_error: 'A file could not be read or written',
  unavailable: 'MeterDesk is busy or restarting',
  timeout: 'MeterDesk did not answer in time',
  internal: 'Something went wrong inside MeterDesk',
};

export function errorHeadline(code: IpcErrorCode): string {
  return HEADLINES[code];
}

/** One line: headline and the message, when it adds something. */
export function describeError(error: IpcError): string {
  const head = errorHeadline(error.code);
  const detail = error.message.trim();
  return detail && detail !== head ? `${head}: ${detail}` : head;
}

/** Onboarding and settings: the same call failing for the address or for the key. */
export function connectionAdvice(error: IpcError): string {
  switch (error.code) {
    case 'key_rejected':
      return 'The service does not accept this API key. Check it for typos or ask for a new one.';
    case 'permission_denied':
      return `The key works but is not allowed here (missing permission, inactive account or this computer's IP address is not on the list). ${error.message}`;
    // The backend tells these apart (no such name, nothing listening, something else answering)
    // in a full sentence with the remedy: said once, not wrapped in a second, vaguer one.
    case 'unreachable':
    case 'bad_response':
      return error.message;
    case 'not_https':
      return 'For safety the address must start with https:// (plain http only for this computer).';
    case 'invalid_url':
      return (
        error.message || 'That does not look like a web address, e.g. https://meters.example.com'
      );
    default:
      return describeError(error);
  }
}
