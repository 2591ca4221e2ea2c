/**
 * The app-only part of each route's first load, module by module: the
 * modules of the route's first load (scripts/first-load: the entry, the
 * page's chunk group, its first screen's lazy parts, the standalone shell)
 * that the stack floor's page does not load, from the two builds' stats.
 */
import fs from 'node:fs';
import { firstLoad, type BuildStats } from '../first-load/firstLoad';
import { routeTable } from '../../webpack.config';
import { routePatternSource } from '../../src/app/routePattern';
import { FIRST_SCREEN_PARTS } from '../../src/app/firstScreenParts';
import type { AppModule } from './table';

/** The chunk groups a standalone first visit of `route` loads besides the entry. */
export function routeChunkGroups(route: string): string[] {
  const match = routeTable().find(({ path }) => new RegExp(routePatternSource(path), 'i').test(route));
  if (!match) throw new Error(`appModules: no route matches ${route}`);
  return [match.chunk, ...(FIRST_SCREEN_PARTS[match.chunk] ?? []), 'standalone-frame'];
}

/** Per route, the modules beyond the stack floor's; undefined when a stats file is missing (prebuilt dists). */
export function appModules(
  appStatsFile: string,
  stackStatsFile: string,
  routes: string[],
): Array<{ route: string; modules: AppModule[] }> | undefined {
  if (!fs.existsSync(appStatsFile) || !fs.existsSync(stackStatsFile)) return undefined;
  const app = JSON.parse(fs.readFileSync(appStatsFile, 'utf8')) as BuildStats;
  const stack = new Set(firstLoad(JSON.parse(fs.readFileSync(stackStatsFile, 'utf8')) as BuildStats, []).modules);
  return routes.map((route) => {
    const load = firstLoad(app, routeChunkGroups(route));
    const modules = [...load.sizes].filter(([name]) => !stack.has(name)).map(([name, bytes]) => ({ name, bytes }));
    return { route, modules };
  });
}
