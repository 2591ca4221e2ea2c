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

/** Each message of `messages` (id → ICU text) as its AST; `file` names the source in an error. */
function compileMessages(messages, file, shellOnly = false) {
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    if (shellOnly && !SHELL_PREFIXES.some((prefix) => id.startsWith(prefix))) continue;
    try {
      compiled[id] = parse(String(message));
    } catch (error) {
      throw new Error(`${file}: message "${id}" is not valid ICU: ${error.message}`);
    }
  }
  return compiled;
}

module.exports = function compileMessagesLoader(source) {
  const shellOnly = /\bshell\b/.test(this.resourceQuery || '');
  return JSON.stringify(compileMessages(JSON.parse(source), this.resourcePath, shellOnly));
};

module.exports.SHELL_PREFIXES = SHELL_PREFIXES;
module.exports.compileMessages = compileMessages;
