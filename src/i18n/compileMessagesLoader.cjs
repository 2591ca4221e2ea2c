/**
 * webpack loader for translations/*.json: compiles every ICU message to its
 * AST at build time, so the browser bundle needs no message parser
 * (webpack.config.ts aliases @formatjs/icu-messageformat-parser to its
 * no-parser build; ~9 KB gzip less first-load JS). Jest and the server keep
 * plain strings and the full parser.
 */
const { parse } = require('@formatjs/icu-messageformat-parser');

module.exports = function compileMessagesLoader(source) {
  const messages = JSON.parse(source);
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = parse(String(message));
    } catch (error) {
      throw new Error(`${this.resourcePath}: message "${id}" is not valid ICU: ${error.message}`);
    }
  }
  return JSON.stringify(compiled);
};
