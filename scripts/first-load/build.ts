/** The admin's browser build (webpack.config.ts, `client`) through webpack's API, answering its stats. */
import webpack, { type Configuration } from 'webpack';
import configure from '../../webpack.config';
import { STATS_OPTIONS, type BuildStats } from './firstLoad';
import { PrecompressAssets } from '../build/precompressAssets';

/**
 * Builds into `dist` (production). `fast`: not minified, no source maps — the same modules in the
 * same chunks (tree shaking and chunk splitting do not depend on the minifier), in half the time,
 * and not precompressed.
 */
export function buildClient(dist: string, { fast = false } = {}): Promise<BuildStats> {
  const built = (configure as (env: unknown, argv: { mode: 'production' }) => Configuration | Configuration[])(
    {},
    { mode: 'production' },
  );
  const client = Array.isArray(built) ? (built.find((c) => c.name === 'client') ?? built[0]) : built;
  const config: Configuration = {
    ...client,
    output: { ...client.output, path: dist },
    ...(fast
      ? {
          devtool: false,
          optimization: { ...client.optimization, minimize: false },
          plugins: client.plugins?.filter((plugin) => !(plugin instanceof PrecompressAssets)),
        }
      : {}),
  };
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error || !stats) return reject(error ?? new Error('webpack gave no stats'));
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve(stats.toJson(STATS_OPTIONS) as BuildStats);
    });
  });
}
