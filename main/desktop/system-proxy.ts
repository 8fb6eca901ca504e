// The window's engine and the system's network. By default the engine's requests go through
// Chromium's own stack (Electron's net.fetch in the utility process): the system's proxy settings,
// PAC and WPAD per request, integrated proxy sign-in and the operating system's certificates. Only
// Node's stack can take what IT or the user name explicitly (a proxy variable, a CA file): then
// Chromium resolves the proxy for the service's address once, main hands it to the backend as the
// proxy variables main/api/network.ts reads, and Node is asked for the operating system's
// certificate store (NODE_USE_SYSTEM_CA, Node 22.15 and later). Variables set explicitly win.

/** Chromium's answer ("PROXY host:port; DIRECT", PAC syntax) as a proxy URL, null for direct. */
export function proxyUrlFromRules(rules: string): string | null {
  for (const rule of rules.split(';')) {
    const [kind = '', hostPort = ''] = rule.trim().split(/\s+/);
    const scheme = {
      PROXY: 'http',
      HTTP: 'http',
      HTTPS: 'https',
      SOCKS: 'socks5',
      SOCKS5: 'socks5',
    }[kind.toUpperCase()];
    if (kind.toUpperCase() === 'DIRECT') return null;
    if (scheme !== undefined && /^[\w.-]+(:\d+)?$|^\[[\da-f:]+\](:\d+)?$/i.test(hostPort)) {
      return `${scheme}://${hostPort}`;
    }
  }
  return null;
}

const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'];

/** The variable that tells the backend which stack reaches the service (backend-process.ts). */
export const NETWORK_STACK_VARIABLE = 'METER_DESK_NETWORK';

export type NetworkStack = 'chromium' | 'node';

/** Chromium's unless a proxy variable or a CA file is named: only Node's stack can take those. */
export function networkStack(base: NodeJS.ProcessEnv, policyCaFile?: string): NetworkStack {
  const explicit = PROXY_VARIABLES.some((name) => (base[name] ?? '').trim() !== '');
  const caFile = policyCaFile ?? (base.METER_DESK_CA_FILE ?? '').trim();
  return explicit || caFile !== '' ? 'node' : 'chromium';
}

/**
 * The backend process's environment: which stack reaches the service, the system's proxy unless
 * one is set, the OS's CAs, and the machine policy's CA file (the fuses turn NODE_EXTRA_CA_CERTS
 * off in the packaged app).
 */
export function backendEnv(
  base: NodeJS.ProcessEnv,
  systemProxy: string | null,
  policyCaFile?: string,
): NodeJS.ProcessEnv {
  const explicit = PROXY_VARIABLES.some((name) => (base[name] ?? '').trim() !== '');
  return {
    ...base,
    [NETWORK_STACK_VARIABLE]: networkStack(base, policyCaFile),
    ...(policyCaFile !== undefined && { METER_DESK_CA_FILE: policyCaFile }),
    NODE_USE_SYSTEM_CA: base.NODE_USE_SYSTEM_CA ?? '1',
    ...(!explicit && systemProxy !== null && { HTTPS_PROXY: systemProxy, HTTP_PROXY: systemProxy }),
  };
}
