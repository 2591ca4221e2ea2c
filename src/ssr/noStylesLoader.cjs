/**
 * webpack loader of the server bundle (webpack.config.ts, `ssr`): a
 * stylesheet import becomes an empty module. The browser build extracts the
 * stylesheets; the server render needs only the class names in the markup.
 */
module.exports = function noStylesLoader() {
  return 'export {};';
};
