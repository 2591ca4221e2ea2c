/**
 * What a route of the admin loads on a first visit, read from webpack's stats: the entry's initial
 * chunks (runtime, vendor, main) plus the route's chunk group (its webpackChunkName in
 * src/app/routes.tsx). Pure: the stats come in, the files and modules go out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The list pages' routes: they validate nothing, so no yup on their first load. */
export const LIST_ROUTES = {
  '/': 'dashboard',
  '/looks': 'looks',
  '/analytics': 'analytics',
  '/gallery': 'gallery',
} as const;

/** The part of webpack's stats JSON read here (toJson with chunks, chunkModules, nestedModules, chunkGroups, entrypoints). */
export interface BuildStats {
  entrypoints?: Record<string, { chunks: Array<string | number> }>;
  namedChunkGroups?: Record<string, { chunks: Array<string | number> }>;
  chunks?: Array<{ id: string | number; files: string[]; modules?: StatsModule[] }>;
}
interface StatsModule {
  name?: string;
  /** Bytes of the module in the build, before minification. */
  size?: number;
  modules?: StatsModule[];
}

export const STATS_OPTIONS = {
  all: false,
  ids: true,
  entrypoints: true,
  chunkGroups: true,
  chunks: true,
  chunkModules: true,
  nestedModules: true,
  chunkModulesSpace: Infinity,
  nestedModulesSpace: Infinity,
  dependentModules: true,
} as const;

export interface FirstLoad {
  /** The JavaScript files, in no particular order. */
  files: string[];
  /** Every module in them (concatenated modules included), by webpack's readable name. */
  modules: string[];
  /** Each module's size in the build, before minification (a concatenated module's parts, each). */
  sizes: Map<string, number>;
}

/**
 * The first load of the route whose chunk group is `chunkGroup` (or several: the page's, its
 * first screen's parts, the standalone shell; none: the entry alone), with the entry `entry`.
 */
export function firstLoad(stats: BuildStats, chunkGroup: string | string[], entry = 'main'): FirstLoad {
  const entryChunks = stats.entrypoints?.[entry]?.chunks;
  if (!entryChunks) throw new Error(`firstLoad: no entry ${entry} in the stats`);
  const groupChunks = [chunkGroup].flat().flatMap((group) => {
    const chunks = stats.namedChunkGroups?.[group]?.chunks;
    if (!chunks) throw new Error(`firstLoad: no chunk group ${group} in the stats (renamed in src/app/routes.tsx?)`);
    return chunks;
  });
  const ids = new Set([...entryChunks, ...groupChunks]);
  const chunks = (stats.chunks ?? []).filter((c) => ids.has(c.id));
  if (chunks.length !== ids.size) throw new Error('firstLoad: the stats lack chunks (build them with STATS_OPTIONS)');
  const modules = new Set<string>();
  const sizes = new Map<string, number>();
  const walk = (list: StatsModule[] = []) => {
    for (const m of list) {
      // A concatenated module is named after its root ("./x.js + 3 modules"); its parts follow as nested modules.
      if (m.name) {
        const name = m.name.replace(/ \+ \d+ modules?$/, '');
        modules.add(name);
        // Sizes of the parts where they are listed, else the (concatenated) module's.
        if (!m.modules?.length && typeof m.size === 'number') sizes.set(name, m.size);
      }
      walk(m.modules);
    }
  };
  for (const chunk of chunks) walk(chunk.modules);
  const files = [...new Set(chunks.flatMap((c) => c.files.filter((f) => f.endsWith('.js'))))];
  return { files, modules: [...modules], sizes };
}

/** The modules of a package among `modules` (by its node_modules folder). */
export function packageModules(modules: string[], pkg: string): string[] {
  const marker = `node_modules/${pkg}/`;
  return modules.filter((m) => m.includes(marker));
}

/** Total gzip size (level 9) of `files` in the build folder `dir`, in bytes. */
export function gzipBytes(dir: string, files: string[]): number {
  return files.reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length, 0);
}

/**
 * Total size of `files` as the server sends them to a browser that takes brotli: the build's
 * precompressed `.br` (scripts/build/precompressAssets.ts) where there is one, else the file.
 */
export function brotliBytes(dir: string, files: string[]): number {
  return files.reduce((sum, f) => {
    const br = path.join(dir, `${f}.br`);
    return sum + fs.statSync(fs.existsSync(br) ? br : path.join(dir, f)).size;
  }, 0);
}
