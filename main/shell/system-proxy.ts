import { session } from 'electron';
import { loadSettings, settingsFile } from '../backend/settings';
import { readMachinePolicy } from '../config/policy';
import { backendEnv, proxyUrlFromRules } from '../desktop/system-proxy';

/**
 * The backend's environment with the proxy Chromium resolves for the configured service (system
 * settings, PAC, WPAD). Resolved once per start of the app: a new service address or a changed
 * PAC takes effect at the next start. Without a service (the sandbox) nothing is resolved.
 */
export async function backendEnvironment(
  userDataDir: string,
  log: (line: string) => void,
): Promise<NodeJS.ProcessEnv> {
  const { baseUrl, useSandbox } = loadSettings(settingsFile(userDataDir));
  let proxy: string | null = null;
  if (baseUrl !== null && !useSandbox) {
    try {
      proxy = proxyUrlFromRules(await session.defaultSession.resolveProxy(baseUrl));
    } catch (error) {
      log(`system proxy not resolved: ${String(error)}`);
    }
  }
  log(`system proxy for the service: ${proxy ?? 'direct'}`);
  return backendEnv(process.env, proxy, readMachinePolicy().values.caFile);
}
