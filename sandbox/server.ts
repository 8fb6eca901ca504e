// The HTTP server: routes each request to the control surface or, through fault injection, to
// the public API; tracks sockets so close() ends keep-alive connections at once.

import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { handleApi } from './api';
import type { SandboxContext } from './context';
import { CONTROL_PREFIX, createControlHandler } from './control-http';
import type { SandboxControl } from './control';
import { PROXY_ERROR_PAGE } from './faults';
import { errorBody, Exchange } from './responses';

export interface RunningServer {
  readonly host: string;
  readonly port: number;
  /** http://127.0.0.1:PORT or http://[::1]:PORT */
  readonly url: string;
  close(): Promise<void>;
}

/** Parse the request target without letting "//x" be read as an authority. */
function requestUrl(req: IncomingMessage): URL {
  const target = req.url ?? '/';
  return new URL(`http://sandbox.invalid${target.startsWith('/') ? target : '/'}`);
}

function forwardedFor(req: IncomingMessage): string | null {
  const header = req.headers['x-forwarded-for'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
  return first === undefined || first === '' ? null : first;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

export function startServer(
  ctx: SandboxContext,
  control: SandboxControl,
  host: string,
  port: number,
): Promise<RunningServer> {
  const controlHandler = createControlHandler(ctx, control);
  const sockets = new Set<Socket>();

  const settle = (work: Promise<void>, ex: Exchange): void => {
    work.catch((err: unknown) => {
      ctx.ledger.internalError();
      const message = err instanceof Error ? err.message : String(err);
      ex.json(500, errorBody('internal_error', `Sandbox internal error: ${message}`));
    });
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const url = requestUrl(req);
    const peer = req.socket.remoteAddress ?? '';
    const path = url.pathname;
    if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
      const ex = new Exchange(req, res, peer, ctx.timers, null);
      settle(controlHandler(ex, url), ex);
      return;
    }

    const method = req.method ?? 'GET';
    const plan = ctx.faults.plan();
    if (plan.before === 'network_down' || plan.before === 'drop') {
      ctx.ledger.fault(plan.before, method, path);
      req.socket.destroy();
      return;
    }
    if (plan.before !== null) {
      // A proxy or gateway answering in the service's place: not counted as a service response.
      ctx.ledger.fault(plan.before, method, path);
      const proxy = new Exchange(req, res, peer, ctx.timers, null);
      proxy.latencyMs = ctx.deployment.requestLatencyMs;
      if (plan.before === 'html_error') {
        proxy.send(502, PROXY_ERROR_PAGE, 'text/html; charset=utf-8');
      } else {
        proxy.json(
          ctx.faults.settings.errorStatus,
          errorBody('service_unavailable', 'The service is temporarily unavailable.'),
        );
      }
      return;
    }

    if (ctx.faults.inMaintenance()) {
      // The service itself, down for a while and saying so: JSON 503 with Retry-After.
      ctx.ledger.fault('maintenance', method, path);
      const down = new Exchange(req, res, peer, ctx.timers, null);
      down.latencyMs = ctx.deployment.requestLatencyMs;
      down.json(
        503,
        errorBody('maintenance', 'Scheduled maintenance: the service is back in a few minutes.'),
        { 'Retry-After': '1' },
      );
      return;
    }

    const clientIp = (ctx.config.trustForwardedFor ? forwardedFor(req) : null) ?? peer;
    const ex = new Exchange(req, res, clientIp, ctx.timers, ctx.ledger);
    ex.latencyMs = ctx.deployment.requestLatencyMs;
    ex.errorStyle = ctx.deployment.errorStyle;
    if (plan.slowMs > 0) {
      ctx.ledger.fault('slow', method, path);
      ex.slowMs = plan.slowMs;
    }
    if (plan.dropAfter) {
      ctx.ledger.fault('drop_after', method, path);
      ex.dropAfter = true;
    }
    ctx.ledger.request();
    settle(handleApi(ctx, ex, url), ex);
  };

  const server: Server = createServer(onRequest);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  return new Promise<RunningServer>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      const address = server.address();
      const boundPort = typeof address === 'object' && address !== null ? address.port : port;
      let closing: Promise<void> | null = null;
      resolve({
        host,
        port: boundPort,
        url: `http://${urlHost(host)}:${boundPort}`,
        close(): Promise<void> {
          closing ??= new Promise<void>((done) => {
            ctx.timers.closeAll();
            server.close(() => {
              done();
            });
            server.closeAllConnections();
            for (const socket of sockets) socket.destroy();
            sockets.clear();
          });
          return closing;
        },
      });
    });
  });
}
