// What is wrong with a typed service address (null: nothing). A kind rather than words, so the
// forms that check an address (onboarding, Settings) say it with the same catalogue entries.
import { withoutApiPath } from '../../common/service-url';

export type AddressProblem = 'empty' | 'notUrl' | 'notHttps' | 'apiPath';

/** The onboarding catalogue's words for each problem (its `form` section serves both forms). */
export const ADDRESS_PROBLEM_WORDS = {
  empty: 'form.addressEmpty',
  notUrl: 'form.addressInvalid',
  notHttps: 'form.addressNotHttps',
  apiPath: 'form.addressApiPath',
} as const satisfies Record<AddressProblem, `form.${string}`>;

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
