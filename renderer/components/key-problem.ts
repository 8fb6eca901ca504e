// The API key field's check, for the first run and Settings alike: the one rule of common/api-key.ts,
// worded from the onboarding catalogue.
import { checkApiKey, type ApiKeyProblem } from '../../common/api-key';

export const API_KEY_PROBLEM_WORDS = {
  empty: 'form.keyEmpty',
  spaces: 'form.keySpaces',
  characters: 'form.keyCharacters',
  too_long: 'form.keyTooLong',
} as const satisfies Record<ApiKeyProblem, `form.${string}`>;

/** Why the typed key cannot be used, or null; an empty field keeps a saved key when there is one. */
export function apiKeyProblem(text: string, keyIsSet: boolean): ApiKeyProblem | null {
  if (keyIsSet && text.trim() === '') return null;
  const checked = checkApiKey(text);
  return checked.ok ? null : checked.problem;
}
