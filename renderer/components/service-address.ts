// What is wrong with a typed service address (null: nothing). A kind rather than words: onboarding
// and Settings each say it from a catalogue namespace of their own.
import { withoutApiPath } from '../../common/service-url';

export type AddressProblem = 'empty' | 'notUrl' | 'notHttps' | 'apiPath';

export function addressProblem(text: string): AddressProblem | null {
  const value = text.trim();
  if (value === '') return 'empty';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'notUrl';
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return 'notHttps';
  if (withoutApiPath(value) !== null) return 'apiPath';
  return null;
}
