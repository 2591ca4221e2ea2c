import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('graceful shutdown of a real process', () => {
  let child: ChildProcess | undefined;
  let dataDir: string;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM: stops accepting, answers the request in flight, then exits 0', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-shutdown-'));
    const port = await freePort();
    let output = '';
    child = spawn(tsx, ['server/index.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DIST_DIR: path.join(dataDir, 'no-dist'),
        SEED_DEMO: '0',
        LOG_LEVEL: 'info',
        SHUTDOWN_TIMEOUT_MS: '20000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    await until('the server to listen', () => output.includes('Shoppable Looks ready on'), 90_000);

    // A webhook delivery whose body is still arriving: in flight when the signal comes.
    const body = JSON.stringify({ id: 1, title: 'in flight' });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (d) => (answer += d));
    socket.write(
      `POST /api/webhooks HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
        `X-Shopify-Topic: products/update\r\nX-Shopify-Shop-Domain: shop-a.myshopify.com\r\nX-Shopify-Hmac-Sha256: bm90IHRoZSBobWFj\r\nX-Request-Id: in-flight-1\r\n\r\n` +
        body.slice(0, 10),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill('SIGTERM');

    await until('new connections to be refused', async () => !(await connects(port)), 10_000);
    expect(child.exitCode).toBeNull(); // still draining the request in flight
    expect(answer).toBe('');

    socket.write(body.slice(10));
    await until('the answer to the request in flight', () => answer.includes('\r\n\r\n'), 10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /); // the signature is wrong: answered, not cut off
    expect(answer.toLowerCase()).toContain('x-request-id: in-flight-1');
    socket.destroy();

    expect(await exited).toBe(0);
    expect(output).toMatch(/SIGTERM: shutting down/);
    expect(output).toMatch(/SIGTERM: stopped/);
  }, 150_000);
});
