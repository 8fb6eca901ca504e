// A small HTTP CONNECT proxy on 127.0.0.1, as an office's proxy would be: it records every tunnel
// asked for (target and Proxy-Authorization) and, when given credentials, refuses with 407 those
// that lack them. Tunnels are plain byte pipes, so TLS to the target stays end to end.
import { createServer, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface SeenTunnel {
  readonly target: string;
  readonly authorization: string | undefined;
}

export interface ConnectProxy {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  readonly seen: SeenTunnel[];
  close(): Promise<void>;
}

export async function startConnectProxy(
  options: { user?: string; password?: string; refuseWith?: number } = {},
): Promise<ConnectProxy> {
  const seen: SeenTunnel[] = [];
  const sockets = new Set<Duplex>();
  const expected =
    options.user === undefined
      ? undefined
      : `Basic ${Buffer.from(`${options.user}:${options.password ?? ''}`).toString('base64')}`;
  const server = createServer((_req, res) => {
    // Only tunnels: a plain forward-proxy request is not what MeterDesk sends.
    res.writeHead(405).end();
  });
  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    const target = req.url ?? '';
    const authorization = req.headers['proxy-authorization'];
    seen.push({ target, authorization });
    if (options.refuseWith !== undefined) {
      client.end(`HTTP/1.1 ${options.refuseWith} Blocked\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    if (expected !== undefined && authorization !== expected) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\n' +
          'Proxy-Authenticate: Basic realm="office"\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    const [host, port] = [target.slice(0, target.lastIndexOf(':')), target.split(':').pop()];
    const upstream: Socket = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          resolve();
        });
      }),
  };
}
