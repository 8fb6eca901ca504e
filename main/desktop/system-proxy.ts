// The window's engine and the system's proxy: Chromium resolves the proxy for the service's
// address as the system is set up (its settings, a PAC file, WPAD) and main hands the answer to the
// backend as the proxy variables main/api/network.ts reads. The backend also asks Node for the
// operating system's certificate store (NODE_USE_SYSTEM_CA, Node 22.15 and later). Variables the
// user or IT set explicitly win over what Chromium found.

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

/**
 * The backend process's environment: the system's proxy unless one is set, the OS's CAs, and the
 * machine policy's CA file (the fuses turn NODE_EXTRA_CA_CERTS off in the packaged app).
 */
export function backendEnv(
  base: NodeJS.ProcessEnv,
  systemProxy: string | null,
  policyCaFile?: string,
): NodeJS.ProcessEnv {
  const explicit = PROXY_VARIABLES.some((name) => (base[name] ?? '').trim() !== '');
  return {
    ...base,
    ...(policyCaFile !== undefined && { METER_DESK_CA_FILE: policyCaFile }),
    NODE_USE_SYSTEM_CA: base.NODE_USE_SYSTEM_CA ?? '1',
    ...(!explicit && systemProxy !== null && { HTTPS_PROXY: systemProxy, HTTP_PROXY: systemProxy }),
  };
}
