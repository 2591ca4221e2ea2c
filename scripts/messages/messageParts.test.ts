import fs from 'node:fs';
import path from 'node:path';
import { namespacesIn, reachableFiles } from './namespaces';

// Each page loads only its part of the messages (src/i18n/messageParts.json: the frame's namespaces
// and its own; webpack.config.ts writes the parts). A message id whose namespace is not in the part
// of every page that can show it would show as its id: this reads the code each page (and the frame)
// can run and checks that its part has every namespace that code names.
const root = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const parts = JSON.parse(read('src/i18n/messageParts.json')) as { frame: string[]; pages: Record<string, string[]> };
const known = new Set(
  Object.keys(JSON.parse(read('translations/en.json')) as Record<string, string>).map((id) => id.split('.')[0]),
);
const routesFile = path.join(root, 'src/app/routes.tsx');
// `page('<part>', () => import(/* webpackChunkName: "…" */ '<module>')`: each page's part and module.
const pages = [
  ...read('src/app/routes.tsx').matchAll(
    /page\(\s*'([^']+)',\s*\(\) =>\s*import\(\s*\/\* webpackChunkName: "[^"]+" \*\/\s*'([^']+)',?\s*\)/g,
  ),
].map(([, part, module]) => ({ part, file: `${path.resolve(path.dirname(routesFile), module)}.tsx` }));
const missing = (needed: Set<string>, part: readonly string[]) =>
  [...needed].filter((namespace) => !part.includes(namespace)).sort();

describe('message parts (src/i18n/messageParts.json)', () => {
  it('finds every page of src/app/routes.tsx, each with a part', () => {
    expect(pages.length).toBeGreaterThanOrEqual(17);
    expect(pages.map((p) => p.part).sort()).toEqual(Object.keys(parts.pages).sort());
  });

  it('the frame (everything but the pages) finds its namespaces in the frame part', () => {
    const frame = namespacesIn(
      reachableFiles(path.join(root, 'src/index.tsx'), (file) => file === routesFile),
      known,
    );
    expect(frame.has('Navigation')).toBe(true);
    expect(missing(frame, parts.frame)).toEqual([]);
  });

  it.each(pages.map((p) => [p.part, p.file] as const))(
    '%s: its code finds its namespaces in its part',
    (part, file) => {
      const needed = namespacesIn(reachableFiles(file), known);
      expect(missing(needed, [...parts.frame, ...parts.pages[part]])).toEqual([]);
    },
  );

  it('names only namespaces that exist', () => {
    const named = [...parts.frame, ...Object.values(parts.pages).flat()];
    expect(named.filter((namespace) => !known.has(namespace))).toEqual([]);
  });

  it('sees what a page needs beyond the frame and its part (the check can fail)', () => {
    const analytics = pages.find((p) => p.part === 'analytics')!;
    expect(missing(namespacesIn(reachableFiles(analytics.file), known), parts.frame)).toContain('Analytics');
    const gallery = pages.find((p) => p.part === 'gallery-new')!;
    expect(
      missing(namespacesIn(reachableFiles(gallery.file), known), ['Gallery', 'Generation', ...parts.frame]),
    ).toEqual(['Credits']);
  });
});
