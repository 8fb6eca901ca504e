// Key allowlists (spec 5.3): IPv4, IPv6 and CIDR entries. Every address is held as a 128-bit
// number with IPv4 mapped into ::ffff:0:0/96, so "10.0.0.0/8" also matches a dual-stack peer
// that Node reports as "::ffff:10.1.2.3".

const V4_MAPPED_PREFIX = 0xffffn << 32n;
const ALL_ONES = (1n << 128n) - 1n;

function parseIpv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^[0-9]{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  let body = text;
  // An embedded dotted quad (::ffff:1.2.3.4) stands for the last two 16-bit groups.
  const lastColon = body.lastIndexOf(':');
  const last = body.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = parseIpv4(last);
    if (v4 === null) return null;
    const hi = ((v4 >> 16n) & 0xffffn).toString(16);
    const lo = (v4 & 0xffffn).toString(16);
    body = `${body.slice(0, lastColon + 1)}${hi}:${lo}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const parseGroups = (s: string): bigint[] | null => {
    if (s === '') return [];
    const groups: bigint[] = [];
    for (const g of s.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
      groups.push(BigInt(parseInt(g, 16)));
    }
    return groups;
  };
  const head = parseGroups(halves[0] ?? '');
  const rest = halves.length === 2 ? parseGroups(halves[1] ?? '') : [];
  if (head === null || rest === null) return null;
  const explicit = head.length + rest.length;
  let groups: bigint[];
  if (halves.length === 2) {
    if (explicit > 7) return null;
    groups = [...head, ...new Array<bigint>(8 - explicit).fill(0n), ...rest];
  } else {
    if (explicit !== 8) return null;
    groups = head;
  }
  return groups.reduce((acc, g) => (acc << 16n) | g, 0n);
}

/** Parse an IPv4 or IPv6 address (brackets and a %zone are tolerated) into 128 bits, or null. */
export function parseIp(input: string): bigint | null {
  let text = input.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (text.includes(':')) return parseIpv6(text);
  const v4 = parseIpv4(text);
  return v4 === null ? null : V4_MAPPED_PREFIX | v4;
}

export interface IpRule {
  readonly source: string;
  readonly network: bigint;
  readonly prefix: number;
}

function maskOf(prefix: number): bigint {
  return prefix === 0 ? 0n : (ALL_ONES << BigInt(128 - prefix)) & ALL_ONES;
}

/** Parse one allowlist entry: an address or address/prefix. Throws on a malformed entry. */
export function parseAllowEntry(entry: string): IpRule {
  const [addressText = '', prefixText, extra] = entry.trim().split('/');
  if (extra !== undefined) throw new Error(`invalid allowlist entry: ${entry}`);
  const address = parseIp(addressText);
  if (address === null) throw new Error(`invalid allowlist entry: ${entry}`);
  const isV4 = !addressText.includes(':');
  const width = isV4 ? 32 : 128;
  let prefix = width;
  if (prefixText !== undefined) {
    if (!/^[0-9]{1,3}$/.test(prefixText) || Number(prefixText) > width) {
      throw new Error(`invalid allowlist prefix: ${entry}`);
    }
    prefix = Number(prefixText);
  }
  const prefix128 = isV4 ? 96 + prefix : prefix;
  // Host bits set in the entry ("10.1.2.3/8") are ignored rather than refused: lenient like most
  // admin consoles.
  return { source: entry, network: address & maskOf(prefix128), prefix: prefix128 };
}

export interface IpAllowlist {
  readonly entries: readonly string[];
  /** True when the allowlist is empty (no restriction) or the address matches an entry. */
  allows(address: string): boolean;
}

export function compileAllowlist(entries: readonly string[]): IpAllowlist {
  const rules = entries.map(parseAllowEntry);
  return {
    entries: [...entries],
    allows(address: string): boolean {
      if (rules.length === 0) return true;
      const ip = parseIp(address);
      if (ip === null) return false;
      return rules.some((rule) => (ip & maskOf(rule.prefix)) === rule.network);
    },
  };
}

const LOOPBACK = [parseAllowEntry('127.0.0.0/8'), parseAllowEntry('::1')];

/** Loopback peers only: the control surface must never be reachable from the network. */
export function isLoopback(address: string): boolean {
  const ip = parseIp(address);
  if (ip === null) return false;
  return LOOPBACK.some((rule) => (ip & maskOf(rule.prefix)) === rule.network);
}
