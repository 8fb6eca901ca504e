// A real HTTP proxy on 127.0.0.1 in front of the sandbox that can answer in the service's place or
// rewrite what the service answered: malformed JSON, wrong types, unknown enums, huge bodies,
// ok:false, garbage headers, redirects, another task's answer... The engine talks to the proxy
// as its service, so every bad answer goes through the real client, classifier and scheduler.
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Exchange {
  /** 0-based count of requests the proxy saw. */
  readonly index: number;
  readonly method: string;
  /** Path and query as received. */
  readonly url: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
}

export interface Upstream {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
  /** The body as JSON, or undefined when it is not. */
  readonly json: unknown;
}

export interface Reply {
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
  /** Destroy the socket instead of answering. */
  readonly drop?: boolean;
}

export interface ProxyRules {
  /** The path and query to ask the service for (default: as received). */
  forwardUrl?(ex: Exchange): string;
  /** Answer without asking the service (nothing is created there). */
  before?(ex: Exchange): Reply | undefined;
  /** Replace what the service answered (the service did the work). */
  after?(ex: Exchange, upstream: Upstream): Reply | undefined;
}

export interface ManglingProxy {
  readonly url: string;
  readonly seen: Exchange[];
  rules: ProxyRules;
  close(): Promise<void>;
}

const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

export const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Reply => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

function parse(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

export async function startProxy(target: string, rules: ProxyRules = {}): Promise<ManglingProxy> {
  const upstream = new URL(target);
  const seen: Exchange[] = [];
  const proxy: { rules: ProxyRules } = { rules };
  const server: Server = createServer((req, res) => {
    const ex: Exchange = {
      index: seen.length,
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      path: (req.url ?? '/').split('?')[0] ?? '/',
      headers: req.headers,
    };
    seen.push(ex);
    const send = (reply: Reply): void => {
      if (reply.drop) {
        req.socket.destroy();
        return;
      }
      const body = reply.body ?? '';
      res.writeHead(reply.status, {
        ...reply.headers,
        'content-length': String(Buffer.byteLength(body)),
      });
      res.end(body);
    };
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const early = proxy.rules.before?.(ex);
      if (early) {
        send(early);
        return;
      }
      const headers: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (v !== undefined && !HOP.has(k)) headers[k] = v;
      const body = Buffer.concat(chunks);
      headers['content-length'] = String(body.length);
      const out = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: ex.method,
          path: proxy.rules.forwardUrl?.(ex) ?? ex.url,
          headers,
        },
        (up) => {
          const parts: Buffer[] = [];
          up.on('data', (c: Buffer) => parts.push(c));
          up.on('end', () => {
            const upHeaders: Record<string, string> = {};
            for (const [k, v] of Object.entries(up.headers)) {
              if (v !== undefined && !HOP.has(k))
                upHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
            }
            const raw = Buffer.concat(parts);
            const answer: Upstream = {
              status: up.statusCode ?? 502,
              headers: upHeaders,
              body: raw,
              json: parse(raw),
            };
            send(
              proxy.rules.after?.(ex, answer) ?? {
                status: answer.status,
                headers: answer.headers,
                body: answer.body,
              },
            );
          });
          up.on('error', () => req.socket.destroy());
        },
      );
      // The service went away (a test's sandbox closing): the client sees a broken connection.
      out.on('error', () => req.socket.destroy());
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    get rules() {
      return proxy.rules;
    },
    set rules(r: ProxyRules) {
      proxy.rules = r;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
