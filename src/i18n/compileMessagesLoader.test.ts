// eslint-disable-next-line @typescript-eslint/no-require-imports
const loader = require('./compileMessagesLoader.cjs') as ((
  this: { resourcePath: string; resourceQuery: string },
  source: string,
) => string) & {
  SHELL_PREFIXES: string[];
};
import { IntlMessageFormat } from 'intl-messageformat';
import en from '../../translations/en.json';

const run = (source: object, resourceQuery = '') =>
  JSON.parse(loader.call({ resourcePath: '/x/translations/en.json', resourceQuery }, JSON.stringify(source)));

describe('compileMessagesLoader (webpack, translations/*.json)', () => {
  it('compiles messages to ASTs that format like the strings', () => {
    const out = run({ 'Looks.count': '{count, plural, one {# look} other {# looks}}', 'General.hi': 'Hi {name}' });
    expect(new IntlMessageFormat(out['Looks.count'], 'en').format({ count: 2 })).toBe('2 looks');
    expect(new IntlMessageFormat(out['General.hi'], 'en').format({ name: 'Ann' })).toBe('Hi Ann');
  });

  it('?shell keeps only the shell prefixes', () => {
    const out = run({ 'General.a': 'a', 'Navigation.b': 'b', 'Looks.c': 'c', 'Shop.d': 'd' }, '?shell');
    expect(Object.keys(out).sort()).toEqual(['General.a', 'Navigation.b', 'Shop.d']);
  });

  it('fails the build on an invalid ICU message, naming the key', () => {
    expect(() => run({ 'Looks.bad': '{count, plural, one {x}' })).toThrow(/Looks\.bad/);
  });

  it('every shipped English message compiles', () => {
    expect(Object.keys(run(en))).toHaveLength(Object.keys(en).length);
  });

  it('the shell subset covers what the shell renders', () => {
    const shell = run(en, '?shell');
    for (const id of [
      'General.appName',
      'General.notifications.error',
      'General.actions.retry',
      'Navigation.settings',
      'Navigation.toggle',
      'Shop.loadError.title',
      'ErrorPage.title',
    ]) {
      expect(shell).toHaveProperty([id]);
    }
  });
});
