/**
 * The pages' messages as JSON files of the browser build, fetched by
 * src/i18n/messages.ts instead of imported as ~100 webpack chunks (5 languages
 * × 20 parts). As chunks, each had its name and content hash in the webpack
 * runtime's chunk maps and its request in main's map of `@message-parts/…`:
 * about 2 KB (brotli) of every first load addressed files that a first load
 * fetches one of. As files, one version (a hash of every part's text, the
 * compiler and the parser) names them all: `assets/i18n/<locale>-<part>.<version>.json`,
 * cached for good like the chunks (server/app.ts: a 12-hex name is immutable).
 * Messages are data: a JSON fetch, compiled to ICU ASTs at build time as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Compiler } from 'webpack';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { compileMessages } = require('../../src/i18n/compileMessagesLoader.cjs') as {
  compileMessages: (messages: Record<string, string>, file: string) => Record<string, unknown>;
};

const LOADER = path.resolve(__dirname, '../../src/i18n/compileMessagesLoader.cjs');

/** The parts of the message parts' folder to publish: each language's file of each page's part. */
export interface MessageParts {
  dir: string;
  locales: readonly string[];
  parts: readonly string[];
}

const partFiles = ({ dir, locales, parts }: MessageParts) =>
  locales.flatMap((locale) => parts.map((part) => ({ locale, part, file: path.join(dir, locale, `${part}.json`) })));

/** 12 hex digits that change when any part's messages, the compiler or the ICU parser change. */
export function messagesVersion(parts: MessageParts): string {
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(LOADER));
  hash.update(fs.readFileSync(require.resolve('@formatjs/icu-messageformat-parser/package.json')));
  for (const { locale, part, file } of partFiles(parts))
    hash.update(`${locale}/${part}\n`).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}

/** A part's messages file under the public path (the client builds the same name, src/i18n/messages.ts). */
export const messagesAsset = (locale: string, part: string, suffix: string) =>
  `assets/i18n/${locale}-${part}${suffix}.json`;

/**
 * Emits every part's compiled messages as `messagesAsset(locale, part, suffix)`.
 * `suffix` is `.<version>` in production and empty for `webpack serve` (a
 * changed translation is emitted again under the same, unhashed name).
 */
export class EmitMessageAssets {
  constructor(
    private readonly parts: MessageParts,
    private readonly suffix: string,
  ) {}

  apply(compiler: Compiler) {
    const { Compilation, sources, WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EmitMessageAssets', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitMessageAssets', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const { locale, part, file } of partFiles(this.parts)) {
            try {
              const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
              const json = JSON.stringify(compileMessages(messages, `translations/${locale}.json`));
              compilation.emitAsset(messagesAsset(locale, part, this.suffix), new sources.RawSource(json));
            } catch (error) {
              // A build error (webpack serve keeps running and shows it), not a crash.
              compilation.errors.push(new WebpackError(error instanceof Error ? error.message : String(error)));
            }
          }
        },
      );
    });
  }
}
