// npm's build of keytar, the optional OS keychain module: npm leaves the package out where it could
// not be built (no libsecret headers at install time). Tests that need the real addon skip then,
// with the reason printed, unless METER_DESK_REQUIRE_KEYRING=1 (CI) demands the keychain: there a
// missing build fails them, as a keychain that does not answer does.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../shell/helpers/build';

/** npm's keytar addon, or null where npm left keytar out. */
export const KEYTAR_BUILD: string | null = ((): string | null => {
  const file = join(ROOT, 'node_modules', 'keytar', 'build', 'Release', 'keytar.node');
  return existsSync(file) ? file : null;
})();

const REQUIRED = process.env.METER_DESK_REQUIRE_KEYRING === '1';

/**
 * True when the tests named by `what` must skip because keytar was not built; prints why. With
 * METER_DESK_REQUIRE_KEYRING=1 it never skips: the tests run and fail on the missing module.
 */
export function skipWithoutKeytar(what: string): boolean {
  if (KEYTAR_BUILD !== null || REQUIRED) return false;
  console.warn(
    `Skipping ${what}: the OS keychain module (keytar) was not built here, so npm left it out ` +
      '(Debian/Ubuntu: sudo bash scripts/setup-debian.sh, then npm ci again).',
  );
  return true;
}
