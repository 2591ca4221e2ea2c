/**
 * Which message namespaces (the first segment of an id: `Looks.form.title` → `Looks`) the code
 * reachable from a module can use: the source files it imports, statically or with import(), read
 * for namespace literals (`'Looks.…'`, `` `Looks.${…}` ``). scripts/messages/messageParts.test.ts
 * checks with it that each page's part of the messages (src/i18n/messageParts.json) has them all.
 */
import fs from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
// `import type` / `export type` are left out: erased by the compiler, they load nothing at run time
// (src/api/routeRequest.ts reads the route table, which names every feature's messages, for its types only).
const IMPORT =
  /(?:import|export)\s(?!type\s)[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*(?:\/\*[^*]*\*\/\s*)*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/** The source files reachable from `entry` (absolute path); `skipDynamic(file)`: do not follow that file's import()s. */
export function reachableFiles(entry: string, skipDynamic: (file: string) => boolean = () => false): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, from, dynamic, bare] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (dynamic && skipDynamic(file)) continue;
      const specifier = from ?? dynamic ?? bare;
      if (!specifier.startsWith('.')) continue;
      const resolved = resolveSource(path.resolve(path.dirname(file), specifier));
      if (resolved) visit(resolved);
    }
  };
  visit(entry);
  return [...seen];
}

function resolveSource(base: string): string | undefined {
  if (/\.tsx?$/.test(base) && fs.existsSync(base)) return base;
  for (const ext of EXTENSIONS) if (fs.existsSync(base + ext)) return base + ext;
  return undefined; // JSON, CSS, images: no message ids
}

/** The namespaces of `known` that `files` refer to. */
export function namespacesIn(files: string[], known: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const file of files) {
    for (const [, namespace] of fs.readFileSync(file, 'utf8').matchAll(/['"`]([A-Za-z]+)\.[A-Za-z0-9_$]/g)) {
      if (known.has(namespace)) found.add(namespace);
    }
  }
  return found;
}
