#!/usr/bin/env node
/**
 * Merges translation keys into translations/{en,de,fr,it,es}.json, safely when
 * several people (or agents) add keys at once: takes a lock file, re-reads,
 * merges, writes sorted. Usage:
 *   node scripts/i18n-add.mjs fragment.json
 * where fragment.json is { "en": { "Looks.title": "Looks" }, "de": { … }, … }
 * and every key must be given in all five languages. A key that exists already is
 * overwritten (that is how a translation is corrected); the script names the
 * messages it changed, so an accidental overwrite is seen.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'translations');
const LOCALES = ['en', 'de', 'fr', 'it', 'es'];
const lockFile = path.join(root, '.lock');

const fragment = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const keys = new Set(LOCALES.flatMap((l) => Object.keys(fragment[l] ?? {})));
const missing = LOCALES.flatMap((l) => [...keys].filter((k) => !(k in (fragment[l] ?? {}))).map((k) => `${l}:${k}`));
if (missing.length) {
  console.error(`Every key needs all five languages; missing: ${missing.join(', ')}`);
  process.exit(1);
}

function withLock(fn) {
  const deadline = Date.now() + 30000;
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('translations/.lock is held for 30 s; remove it if stale');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
  try {
    fn();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}

const changed = [];
withLock(() => {
  for (const locale of LOCALES) {
    const file = path.join(root, `${locale}.json`);
    const current = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
    for (const [key, value] of Object.entries(fragment[locale])) {
      if (key in current && current[key] !== value) changed.push(`${locale}:${key}`);
    }
    const merged = { ...current, ...fragment[locale] };
    const sorted = Object.fromEntries(
      Object.keys(merged)
        .sort()
        .map((k) => [k, merged[k]]),
    );
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(sorted, null, 2)}\n`);
    fs.renameSync(tmp, file);
  }
});
console.log(`Merged ${keys.size} key(s) into ${LOCALES.length} translation files.`);
if (changed.length) console.log(`Changed ${changed.length} existing message(s): ${changed.join(', ')}`);
