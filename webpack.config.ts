import path from 'node:path';
import type { Configuration } from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

const API_PORT = Number(process.env.API_PORT ?? 3001);

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration & { devServer?: DevServerConfiguration } => {
  const mode = argv.mode ?? 'production';
  const dev = mode === 'development';
  return {
    mode,
    entry: { main: './src/index.tsx' },
    output: {
      // DIST_DIR lets parallel checkouts/test runs build side by side; the server reads the same variable.
      path: path.resolve(__dirname, process.env.DIST_DIR ?? 'dist'),
      publicPath: '/',
      filename: dev ? 'assets/[name].js' : 'assets/[name].[contenthash:12].js',
      chunkFilename: dev ? 'assets/[name].chunk.js' : 'assets/[name].[contenthash:12].js',
      assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
      clean: true,
    },
    devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: { loader: 'babel-loader', options: { cacheDirectory: true } },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(png|jpe?g|svg|webp|gif)$/i, type: 'asset' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './public/index.html', inject: 'body', minify: false }),
      new MiniCssExtractPlugin({
        filename: dev ? 'assets/[name].css' : 'assets/[name].[contenthash:12].css',
        chunkFilename: dev ? 'assets/[name].chunk.css' : 'assets/[name].[contenthash:12].css',
      }),
      {
        // Copy public/ (except the HTML template) into dist/.
        apply(compiler) {
          compiler.hooks.thisCompilation.tap('CopyPublic', (compilation) => {
            const { RawSource } = compiler.webpack.sources;
            compilation.hooks.processAssets.tap({ name: 'CopyPublic', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
              const fs = require('node:fs') as typeof import('node:fs');
              const dir = path.resolve(__dirname, 'public');
              for (const file of fs.readdirSync(dir)) {
                if (file === 'index.html') continue;
                compilation.emitAsset(file, new RawSource(fs.readFileSync(path.join(dir, file))));
              }
            });
          });
        },
      },
    ],
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // Polaris and React change rarely: their own long-cached chunk.
          vendor: { test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@shopify[\\/]polaris)[\\/]/, name: 'vendor', chunks: 'initial', priority: 20 },
        },
      },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    devServer: {
      port: Number(process.env.PORT ?? 3000),
      historyApiFallback: true,
      hot: true,
      proxy: [{ context: ['/admin/api', '/api', '/files', '/storefront', '/billing-confirm', '/widget'], target: `http://localhost:${API_PORT}` }],
    },
  };
};
