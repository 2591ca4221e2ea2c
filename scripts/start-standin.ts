// `npm run start:standin -- openai|gemini`: the standalone demo (`npm start`) with IMAGE_PROVIDER set
// to a real provider's code path, talking to its local stand-in (server/test/imageStandIns/) instead of
// the provider: no key, no cost, offline. The stand-in answers in the provider's wire format, draws the
// look's photos on a grid and finds them again in the images it made (hotspot markers). Put
// `[standin:policy]`, `[standin:busy]`, `[standin:slow]`, `[standin:oversize]` or `[standin:error]` in the
// custom prompt to see that failure (and the refunded credit). Other variables (PORT, DATA_DIR) pass through.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { FakeGemini } from '../server/test/imageStandIns/fakeGemini';
import { FakeOpenAI } from '../server/test/imageStandIns/fakeOpenAI';

const ROOT = path.resolve(__dirname, '..');

async function main() {
  const provider = process.argv[2] ?? 'openai';
  if (provider !== 'openai' && provider !== 'gemini') {
    console.error('Usage: npm run start:standin -- openai|gemini');
    process.exit(2);
  }
  // Slow enough to watch the status change live on the generation page.
  const slowMs = Number(process.env.STANDIN_SLOW_MS ?? 8000);
  const stand = provider === 'openai' ? await FakeOpenAI.start({ slowMs }) : await FakeGemini.start({ slowMs });
  const env: Record<string, string> =
    provider === 'openai'
      ? { IMAGE_PROVIDER: 'openai', OPENAI_API_KEY: stand.apiKey, OPENAI_BASE_URL: `${stand.url}/v1` }
      : { IMAGE_PROVIDER: 'gemini', GEMINI_API_KEY: stand.apiKey, GEMINI_BASE_URL: stand.url };
  console.log(
    `${provider} stand-in at ${stand.url}: ${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  const app = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.kill(signal));
  app.on('exit', (code) => void stand.close().then(() => process.exit(code ?? 0)));
}

void main();
