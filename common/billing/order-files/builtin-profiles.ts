// The four built-in profiles (docs/billing-files.md), written in the same JSON format an office
// uses for its own layout and checked by the same schema: a built-in is no special case.
import csvPassthrough from './profiles/csv-passthrough.json';
import neptuneImp from './profiles/neptune-imp.json';
import sapIsu from './profiles/sap-isu.json';
import sensusFixed from './profiles/sensus-fixed.json';
import { checkProfile, type OrderProfile } from './profile';

function checked(value: unknown): OrderProfile {
  const result = checkProfile(value);
  if (!result.ok)
    throw new Error(`A built-in order-file profile is broken: ${result.errors.join(' ')}`);
  return result.value;
}

/** In the order content recognises them (the first that fits wins). */
export const BUILTIN_PROFILES: readonly OrderProfile[] = [
  checked(neptuneImp),
  checked(sensusFixed),
  checked(sapIsu),
  checked(csvPassthrough),
];

export const BUILTIN_PROFILE_NAMES = BUILTIN_PROFILES.map((p) => p.name);

export function builtinProfile(name: string): OrderProfile | null {
  return BUILTIN_PROFILES.find((p) => p.name === name) ?? null;
}
