/**
 * webpack config of the floor page (scripts/perf/floor): the app's own
 * config (loaders, babel targets, aliases, chunk splitting, HTML template,
 * minification) with only the entry and the output folder swapped, and
 * without the preloads of the app's route chunks and the pages' messages
 * (the floor has no routes).
 * FLOOR_DIST_DIR names the output folder; FLOOR_PAGE=stack builds the stack
 * floor (floor/stack.tsx: the same page on the design card's runtime) instead.
 */
import path from 'node:path';
import type { Configuration } from 'webpack';
import { clientConfig, PreloadRouteChunks } from '../../webpack.config';
import { EmitMessageAssets } from '../build/messageAssets';

export default (env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const config = clientConfig(env, argv);
  delete config.devServer;
  return {
    ...config,
    context: path.resolve(__dirname, '../..'),
    entry: {
      main: path.resolve(__dirname, process.env.FLOOR_PAGE === 'stack' ? 'floor/stack.tsx' : 'floor/index.tsx'),
    },
    output: { ...config.output, path: path.resolve(process.env.FLOOR_DIST_DIR ?? '/tmp/perf-floor-dist') },
    plugins: config.plugins?.filter(
      (plugin) => !(plugin instanceof PreloadRouteChunks) && !(plugin instanceof EmitMessageAssets),
    ),
  };
};
