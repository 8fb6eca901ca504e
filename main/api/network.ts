// How the API client reaches the service from an office network: through the proxy named by
// HTTPS_PROXY / HTTP_PROXY with NO_PROXY honoured (undici's EnvHttpProxyAgent, the variables curl
// and git read), trusting what Node trusts plus a CA file IT names (a TLS-inspecting proxy's or a
// private CA's). The window's engine gets the system's proxy from the shell the same way
// (docs/deployment.md, "Proxy and certificates").
import { existsSync, readFileSync } from 'node:fs';
import tls from 'node:tls';
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';

/** How long a request may take at each stage (main/api/http.ts). */
export interface Timeouts {
  /** Establishing TCP + TLS. */
  readonly connectMs: number;
  /** From the end of the request upload until the response headers (idle time while uploading). */
  readonly headersMs: number;
  /** Maximum silence between two chunks of the response body. */
  readonly bodyMs: number;
}

/** The proxy and trust settings of one process; read once at its start (networkFromEnv). */
export interface NetworkSettings {
  readonly httpsProxy?: string;
  readonly httpProxy?: string;
  readonly noProxy?: string;
  /** A PEM file of CA certificates trusted besides the default ones. */
  readonly caFile?: string;
  /**
   * OpenSSL's SSL_CERT_FILE: the file that stands for the system's certificate store, as libpq,
   * curl and git read it. Unset, the distribution's bundle on Linux.
   */
  readonly systemCaFile?: string;
  /**
   * Chromium's fetch (Electron's net.fetch in the window's backend): the service is then reached
   * as the system is set up, and the proxy and CA fields above are not used for it.
   */
  readonly fetch?: FetchLike;
}

/** Electron's net.fetch and Node's global fetch both fit. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** A CA file that cannot be used: said as such, never silently ignored (TLS would then fail). */
export class CaFileError extends Error {
  override readonly name = 'CaFileError';
}

const first = (...values: (string | undefined)[]): string | undefined =>
  values.find((v) => v !== undefined && v.trim() !== '')?.trim();

/** The variables as curl reads them: lower case first, then upper case. */
export function networkFromEnv(env: NodeJS.ProcessEnv, caFile?: string): NetworkSettings {
  const httpsProxy = first(env.https_proxy, env.HTTPS_PROXY);
  const httpProxy = first(env.http_proxy, env.HTTP_PROXY);
  const noProxy = first(env.no_proxy, env.NO_PROXY);
  const ca = first(caFile, env.METER_DESK_CA_FILE);
  const systemCaFile = first(env.SSL_CERT_FILE);
  return {
    ...(systemCaFile !== undefined && { systemCaFile }),
    ...(httpsProxy !== undefined && { httpsProxy }),
    ...(httpProxy !== undefined && { httpProxy }),
    ...(noProxy !== undefined && { noProxy }),
    ...(ca !== undefined && { caFile: ca }),
  };
}

/** A proxy address for logs: the user name and password never leave this function. */
export function proxyForLog(raw: string): string {
  try {
    const url = new URL(raw);
    const hidden = url.username !== '' || url.password !== '';
    return `${url.protocol}//${url.host}${hidden ? ' (with credentials)' : ''}`;
  } catch {
    return '(not a valid URL)';
  }
}

/** One line for the log file: what this process goes through and what it trusts. */
export function describeNetwork(settings: NetworkSettings): string {
  if (settings.fetch !== undefined) return "the system's network settings (Chromium)";
  // As createNetworkAgent does: https goes through the http proxy when no https proxy is named.
  const https = settings.httpsProxy ?? settings.httpProxy;
  const parts = [
    https === undefined ? 'https direct' : `https via ${proxyForLog(https)}`,
    settings.httpProxy === undefined
      ? 'http direct'
      : `http via ${proxyForLog(settings.httpProxy)}`,
  ];
  if (settings.noProxy !== undefined) parts.push(`no proxy for ${settings.noProxy}`);
  if (settings.caFile !== undefined) parts.push(`extra CAs from ${settings.caFile}`);
  const bundle = systemCaBundle(settings.systemCaFile);
  if (bundle !== null) parts.push(`system CAs from ${bundle}`);
  return parts.join('; ');
}

interface CaSource {
  getCACertificates?: (type?: 'default' | 'system' | 'bundled' | 'extra') => string[];
}

/**
 * What Node trusts by default. Passing `ca` replaces it, so it is rebuilt here: Node 22.15 and
 * later say it whole (bundled, NODE_EXTRA_CA_CERTS, and the OS store under NODE_USE_SYSTEM_CA=1);
 * Node 20 only lists the bundled roots, so NODE_EXTRA_CA_CERTS is read again.
 */
function defaultCas(env: NodeJS.ProcessEnv): string[] {
  const source = tls as unknown as CaSource;
  if (typeof source.getCACertificates === 'function') return source.getCACertificates('default');
  const extra = first(env.NODE_EXTRA_CA_CERTS);
  let extraPem: string[] = [];
  if (extra !== undefined) {
    try {
      extraPem = [readFileSync(extra, 'utf8')];
    } catch {
      // Node itself only warns about an unreadable NODE_EXTRA_CA_CERTS; so do we (by ignoring it).
    }
  }
  return [...tls.rootCertificates, ...extraPem];
}

/** The configured CA file's certificates, checked to hold at least one. */
export function readCaFile(file: string): string {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unreadable';
    throw new CaFileError(`The CA file ${file} cannot be read (${code}).`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw new CaFileError(`The CA file ${file} holds no PEM certificate (BEGIN CERTIFICATE).`);
  }
  return pem;
}

/** Where OpenSSL finds the system's certificates on the Linux distributions MeterDesk meets. */
const LINUX_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt',
  '/etc/pki/tls/certs/ca-bundle.crt',
  '/etc/ssl/ca-bundle.pem',
  '/etc/ssl/cert.pem',
];

/** The file that holds the system's certificates, as OpenSSL (and so libpq) finds it; or null. */
export function systemCaBundle(
  systemCaFile: string | undefined,
  platform: NodeJS.Platform = process.platform,
): string | null {
  if (systemCaFile !== undefined) return systemCaFile;
  return platform === 'linux' ? (LINUX_BUNDLES.find((file) => existsSync(file)) ?? null) : null;
}

/**
 * The operating system's certificates. Node 22.15 and later read the store itself (Windows' and
 * macOS' too); before that, the bundle file OpenSSL reads on Linux. An unreadable bundle adds
 * nothing, as for OpenSSL.
 */
function systemCas(settings: NetworkSettings): string[] {
  const source = tls as unknown as CaSource;
  if (settings.systemCaFile === undefined && typeof source.getCACertificates === 'function') {
    return source.getCACertificates('system');
  }
  const bundle = systemCaBundle(settings.systemCaFile);
  if (bundle === null) return [];
  try {
    return [readFileSync(bundle, 'utf8')];
  } catch {
    return [];
  }
}

/** What the service's certificate is checked against: Node's own, the system's, IT's CA file. */
export function trustedCas(
  settings: NetworkSettings,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const file = settings.caFile === undefined ? [] : [readCaFile(settings.caFile)];
  return [...new Set([...defaultCas(env), ...systemCas(settings), ...file])];
}

/** The last contexts built, by their certificates: the files are read again, parsed only once. */
const contexts = new Map<string, tls.SecureContext>();
const KEPT_CONTEXTS = 4;

/**
 * One TLS context for these certificates. Parsing some 300 of them costs about 40 ms, so neither
 * every connection (a `ca` list would be parsed per handshake) nor every client builds its own.
 */
function trustedContext(cas: readonly string[]): tls.SecureContext {
  const key = cas.join('\n');
  let context = contexts.get(key);
  if (context === undefined) {
    context = tls.createSecureContext({ ca: [...cas] });
    if (contexts.size >= KEPT_CONTEXTS) contexts.delete(contexts.keys().next().value ?? '');
    contexts.set(key, context);
  }
  return context;
}

/**
 * The dispatcher for the service: a plain keep-alive Agent without proxy variables (as before),
 * else EnvHttpProxyAgent, which tunnels through the proxy with CONNECT (http targets too) and
 * sends Basic credentials given in the proxy URL. Redirects are never followed either way.
 */
export function createNetworkAgent(timeouts: Timeouts, settings: NetworkSettings): Dispatcher {
  const secureContext = trustedContext(trustedCas(settings));
  const tlsOptions = { timeout: timeouts.connectMs, secureContext };
  const common = {
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
    keepAliveTimeout: 30_000,
  };
  if (settings.httpsProxy === undefined && settings.httpProxy === undefined) {
    return new Agent({ ...common, connect: tlsOptions });
  }
  return new EnvHttpProxyAgent({
    ...common,
    connect: tlsOptions,
    // Explicit values, '' for none: the agent must not read process.env behind the settings.
    httpsProxy: settings.httpsProxy ?? settings.httpProxy ?? '',
    httpProxy: settings.httpProxy ?? '',
    noProxy: settings.noProxy ?? '',
    requestTls: tlsOptions,
    proxyTls: tlsOptions,
  });
}
