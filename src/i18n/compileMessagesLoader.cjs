/**
 * webpack loader for translations/*.json: compiles every ICU message to its
 * AST at build time, so the browser bundle needs no message parser
 * (webpack.config.ts aliases @formatjs/icu-messageformat-parser to its
 * no-parser build; ~9 KB gzip less first-load JS). Jest and the server keep
 * plain strings and the full parser.
 *
 * `?shell` keeps only the keys the app shell renders before the full
 * language bundle has loaded (SHELL_PREFIXES), so first-load JS does not grow
 * with every feature's messages.
 */
const { parse } = require('@formatjs/icu-messageformat-parser');

const SHELL_PREFIXES = ['General.', 'Navigation.', 'Shop.', 'ErrorPage.', 'Pages.'];

module.exports = function compileMessagesLoader(source) {
  const messages = JSON.parse(source);
  const shellOnly = /\bshell\b/.test(this.resourceQuery || '');
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    if (shellOnly && !SHELL_PREFIXES.some((prefix) => id.startsWith(prefix))) continue;
    try {
      compiled[id] = parse(String(message));
    } catch (error) {
      throw new Error(`${this.resourcePath}: message "${id}" is not valid ICU: ${error.message}`);
    }
  }
  return JSON.stringify(compiled);
};

module.exports.SHELL_PREFIXES = SHELL_PREFIXES;
