// What is wrong with a typed service address, as a key of the desk catalogue (null: nothing).
import { withoutApiPath } from '../../common/service-url';

export type AddressProblem =
  | 'settings.service.addressEmpty'
  | 'settings.service.addressNotUrl'
  | 'settings.service.addressNotHttps'
  | 'settings.service.addressApiPath';

export function addressProblem(text: string): AddressProblem | null {
  const value = text.trim();
  if (value === '') return 'settings.service.addressEmpty';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'settings.service.addressNotUrl';
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    return 'settings.service.addressNotHttps';
  }
  if (withoutApiPath(value) !== null) return 'settings.service.addressApiPath';
  return null;
}
