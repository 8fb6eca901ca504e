import { session } from 'electron';
import { loadSettings, settingsFile } from '../backend/settings';
import { readMachinePolicy } from '../config/policy';
import { backendEnv, networkStack, proxyUrlFromRules } from '../desktop/system-proxy';

/**
 * The backend's environment. On Chromium's stack (the default) the backend asks Chromium for every
 * request and nothing is resolved here. On Node's stack (a proxy variable or a CA file named), the
 * proxy Chromium resolves for the configured service (system settings, PAC, WPAD) is resolved once
 * per start of the app. Without a service (the sandbox) nothing is resolved.
 */
export async function backendEnvironment(
  userDataDir: string,
  log: (line: string) => void,
): Promise<NodeJS.ProcessEnv> {
  const { baseUrl, useSandbox } = loadSettings(settingsFile(userDataDir));
  const caFile = readMachinePolicy().values.caFile;
  if (networkStack(process.env, caFile) === 'chromium') {
    log("the service is reached through Chromium's network (system proxy, PAC, certificates)");
    return backendEnv(process.env, null, caFile);
  }
  let proxy: string | null = null;
  if (baseUrl !== null && !useSandbox) {
    try {
      proxy = proxyUrlFromRules(await session.defaultSession.resolveProxy(baseUrl));
    } catch (error) {
      log(`system proxy not resolved: ${String(error)}`);
    }
  }
  log(`system proxy for the service: ${proxy ?? 'direct'}`);
  return backendEnv(process.env, proxy, caFile);
}
