import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A throwaway PostgreSQL cluster under a temp dir (as .ci/run starts one): initdb + pg_ctl, no fsync. */
export interface ThrowawayPostgres {
  url: string;
  stop(): void;
}

const isRoot = () => process.getuid?.() === 0;

function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb')))
    : [];
  if (!versions.length)
    throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin (apt-get install postgresql)');
  versions.sort((a, b) => Number(a) - Number(b));
  return path.join(root, versions[versions.length - 1], 'bin');
}

/** Runs a PostgreSQL tool as the postgres user when root (initdb refuses root), else as this user. */
function run(bin: string, args: string[]) {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
  if (result.status !== 0)
    throw new Error(`${path.basename(bin)} failed: ${result.stderr?.toString() || result.error?.message}`);
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** This host's PostgreSQL would not start (not the product's failure): .ci/run says so and goes on. */
export class PostgresWouldNotStart extends Error {}

/** Up to three starts, each on a fresh port (as .ci/run starts its cluster); the server's log is printed after a failed one. */
export async function startPostgres(dir: string): Promise<ThrowawayPostgres> {
  const bin = pgBin();
  fs.mkdirSync(dir, { recursive: true });
  if (isRoot()) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  try {
    run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  } catch (error) {
    throw new PostgresWouldNotStart((error as Error).message);
  }
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c dynamic_shared_memory_type=mmap`;
    try {
      run(path.join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-w', '-t', '120', '-o', options, 'start']);
      break;
    } catch (error) {
      const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').slice(-30).join('\n') : '';
      console.error(
        `PostgreSQL did not start on port ${port} (attempt ${attempt}): ${(error as Error).message}\n${tail}`,
      );
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // not running
      }
      if (attempt === 3) throw new PostgresWouldNotStart(`PostgreSQL would not start (3 attempts)`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // already down
      }
    },
  };
}
