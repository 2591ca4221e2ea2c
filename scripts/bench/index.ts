/**
 * `npm run bench`: runs every scripts/bench/*.bench.ts in turn and prints
 * their figures. Each module exports `name` and `run(): Promise<Record<string, string | number>>`.
 * Benchmarks measure; they never fail the test suite.
 */
import fs from 'node:fs';
import path from 'node:path';

interface BenchModule {
  name: string;
  run(): Promise<Record<string, string | number>>;
}

async function main() {
  const only = process.argv[2];
  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => !only || f.startsWith(only))
    .sort();
  for (const file of files) {
    const mod = (await import(path.join(__dirname, file))) as BenchModule;
    process.stdout.write(`\n== ${mod.name}\n`);
    const started = Date.now();
    try {
      const figures = await mod.run();
      for (const [key, value] of Object.entries(figures)) process.stdout.write(`  ${key.padEnd(44)} ${value}\n`);
    } catch (error) {
      process.stdout.write(`  FAILED: ${(error as Error).stack ?? error}\n`);
      process.exitCode = 1;
    }
    process.stdout.write(`  (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  }
}

void main();
