// What `npm run package` refuses: a build for another architecture or system than this machine's.
// The native modules (better-sqlite3, keytar in electron-natives/; sharp's @img binary) are built or
// installed for this machine only; an app packaged for another would ship them and not start its
// queue or draw sample photos there. Intel Macs get their own build on an Intel runner
// (.github/workflows/desktop.yml).

const ARCH_FLAGS = ['--x64', '--ia32', '--armv7l', '--arm64', '--universal'];
const PLATFORM_FLAGS = {
  '--mac': 'darwin',
  '-m': 'darwin',
  '--macos': 'darwin',
  '--win': 'win32',
  '-w': 'win32',
  '--windows': 'win32',
  '--linux': 'linux',
  '-l': 'linux',
};

/**
 * Why these electron-builder arguments would build for another machine, or null when they build
 * for this one.
 * @param {readonly string[]} args
 * @param {NodeJS.Platform} platform
 * @param {string} arch
 * @returns {string | null}
 */
export function foreignBuild(args, platform, arch) {
  for (const arg of args) {
    const flag = arg.split('=')[0] ?? arg;
    if (ARCH_FLAGS.includes(flag) && flag !== `--${arch}`) {
      return `${arg} builds for another architecture than this machine's (${arch}); package on such a machine instead (an Intel Mac build on an Intel Mac).`;
    }
    const system = PLATFORM_FLAGS[/** @type {keyof typeof PLATFORM_FLAGS} */ (flag)];
    if (system !== undefined && system !== platform) {
      return `${arg} builds for another system than this one (${platform}); package on ${system} instead.`;
    }
    // electron-builder's target:arch form, e.g. "AppImage:arm64" or "dmg:x64".
    const targetArch = /^[A-Za-z0-9-]+:([a-z0-9]+)$/.exec(arg)?.[1];
    if (targetArch !== undefined && targetArch !== arch) {
      return `${arg} builds for another architecture than this machine's (${arch}).`;
    }
  }
  return null;
}
