// A TCP proxy on 127.0.0.1 that puts the office's database "far away": every chunk, either way,
// is delivered `delayMs` after it arrived, in order (issue 30 measured paid-twice photos with the
// database 100 ms away this way). `pause()` holds every chunk until `resume()`, like a link that
// goes quiet with the connection still open.
import net from 'node:net';

export interface DelayProxy {
  /** The proxy's port on 127.0.0.1; connect to it instead of the server's. */
  readonly port: number;
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startDelayProxy(
  target: { host: string; port: number },
  delayMs: number,
): Promise<DelayProxy> {
  const sockets = new Set<net.Socket>();
  let paused = false;
  const held: (() => void)[] = [];
  // Each direction is a chain: a chunk is written only after the one before it, so a later chunk
  // never overtakes an earlier one whatever the timers do.
  const relay = (from: net.Socket, to: net.Socket): void => {
    let chain = Promise.resolve();
    from.on('data', (chunk: Buffer) => {
      const arrived = chain.then(
        () =>
          new Promise<void>((resolve) => {
            setTimeout(resolve, delayMs);
          }),
      );
      chain = arrived.then(
        () =>
          new Promise<void>((resolve) => {
            const deliver = (): void => {
              if (!to.destroyed) to.write(chunk);
              resolve();
            };
            if (paused) held.push(deliver);
            else deliver();
          }),
      );
    });
    from.on('end', () => void chain.then(() => to.end()));
    from.on('error', () => to.destroy());
    from.on('close', () => void chain.then(() => to.destroy()));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no proxy port');
  return {
    port: address.port,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      for (const deliver of held.splice(0)) deliver();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        for (const deliver of held.splice(0)) deliver();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** `url` with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: DelayProxy): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  return parsed.toString();
}
