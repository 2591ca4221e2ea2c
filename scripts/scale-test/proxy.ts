import http from 'node:http';
import type net from 'node:net';

/**
 * A small round-robin HTTP proxy on loopback (node:http; no balancer package needed for this):
 * each request goes to the next live upstream; an upstream that refuses the connection is skipped.
 * It adds X-Forwarded-For as a real balancer does (so /metrics is not served through it).
 */
export async function startProxy(upstreams: () => number[]): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const ports = upstreams();
    const attempt = (tries: number) => {
      const port = ports[next++ % ports.length];
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' },
          timeout: 120_000,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (
          error.code === 'ECONNREFUSED' &&
          (req.method === 'GET' || req.method === 'HEAD') &&
          tries < ports.length &&
          !res.headersSent
        )
          return attempt(tries + 1);
        if (!res.headersSent) res.writeHead(502).end(`proxy: ${error.message}`);
        else res.destroy();
      });
      req.pipe(upstream);
    };
    attempt(1);
  });
  const sockets = new Set<net.Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
