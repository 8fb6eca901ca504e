// `--route-format NAME|path.json`: a built-in profile by name, or an office's own profile file,
// checked before anything is loaded or sent.
import { readFile } from 'node:fs/promises';
import {
  builtinProfile,
  BUILTIN_PROFILE_NAMES,
} from '../../../common/billing/order-files/builtin-profiles';
import { parseProfileJson, type OrderProfile } from '../../../common/billing/order-files/profile';
import type { Checked } from '../../../common/billing/strict-json';

export async function readProfile(nameOrPath: string): Promise<Checked<OrderProfile>> {
  const builtin = builtinProfile(nameOrPath);
  if (builtin) return { ok: true, value: builtin };
  if (!nameOrPath.toLowerCase().endsWith('.json'))
    return {
      ok: false,
      errors: [
        `No built-in profile "${nameOrPath}"; the built-in ones are ${BUILTIN_PROFILE_NAMES.join(', ')}, or name a profile file (.json).`,
      ],
    };
  let text: string;
  try {
    text = await readFile(nameOrPath, 'utf8');
  } catch (error) {
    return { ok: false, errors: [`Cannot read ${nameOrPath}: ${(error as Error).message}`] };
  }
  return parseProfileJson(text);
}
