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

const LINUX_TARGETS = ['AppImage', 'deb'];

/**
 * The electron-builder runs for these arguments. On Linux the AppImage and the deb are packed from
 * one linux-unpacked folder, and the deb writes resources/package-type = deb into it: an AppImage
 * packed after that would take its updates "through the package manager" and electron-updater
 * would pick its deb updater. So each is built in a run of its own, the AppImage first.
 * @param {readonly string[]} args
 * @param {NodeJS.Platform} platform
 * @returns {string[][]}
 */
export function builderRuns(args, platform) {
  const named = args.filter((a) => /^[A-Za-z0-9-]+(:[a-z0-9]+)?$/.test(a) && !a.startsWith('-'));
  const linux =
    platform === 'linux' && !args.some((a) => ['--mac', '-m', '--win', '-w'].includes(a));
  if (!linux) return [[...args]];
  const targets = named.length === 0 ? LINUX_TARGETS : named;
  if (!targets.every((t) => LINUX_TARGETS.includes(t.split(':')[0] ?? t)) || targets.length < 2) {
    return [[...args]];
  }
  const rest = args.filter((a) => !named.includes(a) && a !== '--linux' && a !== '-l');
  const ordered = [...targets].sort(
    (a, b) => Number(a.startsWith('deb')) - Number(b.startsWith('deb')),
  );
  return ordered.map((target) => [...rest, '--linux', target]);
}
