import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { EmitMessageAssets, messagesAsset, messagesVersion, type MessageParts } from './messageAssets';

jest.setTimeout(60_000);

describe('the pages’ messages as JSON files of the build', () => {
  let dir: string;
  let parts: MessageParts;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'message-assets-'));
    const write = (locale: string, part: string, messages: Record<string, string>) => {
      fs.mkdirSync(path.join(dir, 'parts', locale), { recursive: true });
      fs.writeFileSync(path.join(dir, 'parts', locale, `${part}.json`), JSON.stringify(messages));
    };
    write('en', 'looks', { 'Looks.title': 'Looks', 'Looks.count': '{count, plural, one {# look} other {# looks}}' });
    write('de', 'looks', { 'Looks.title': 'Looks', 'Looks.count': '{count, plural, one {# Look} other {# Looks}}' });
    // A part's file left from an earlier build that no page uses any more.
    write('en', 'gone', { 'Gone.title': 'Gone' });
    parts = { dir: path.join(dir, 'parts'), locales: ['en', 'de'], parts: ['looks'] };
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('the version changes with any message and only then', () => {
    const version = messagesVersion(parts);
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    expect(messagesVersion(parts)).toBe(version);
    fs.writeFileSync(path.join(dir, 'parts', 'en', 'gone.json'), '{"Gone.title":"Still gone"}');
    expect(messagesVersion(parts)).toBe(version);
    fs.writeFileSync(path.join(dir, 'parts', 'de', 'looks.json'), '{"Looks.title":"Outfits"}');
    expect(messagesVersion(parts)).not.toBe(version);
  });

  it('emits each language’s part compiled to ICU ASTs under its versioned name, and nothing else', async () => {
    fs.writeFileSync(path.join(dir, 'index.js'), 'console.log(1);\n');
    const out = path.join(dir, 'dist');
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: dir,
          entry: './index.js',
          output: { path: out },
          plugins: [new EmitMessageAssets(parts, '.0123456789ab')],
        },
        (error, result) => (error || !result ? reject(error) : resolve(result)),
      ),
    );
    expect(stats.hasErrors()).toBe(false);
    expect(fs.readdirSync(path.join(out, 'assets/i18n')).sort()).toEqual([
      'de-looks.0123456789ab.json',
      'en-looks.0123456789ab.json',
    ]);
    expect(messagesAsset('de', 'looks', '.0123456789ab')).toBe('assets/i18n/de-looks.0123456789ab.json');
    const de = JSON.parse(fs.readFileSync(path.join(out, 'assets/i18n/de-looks.0123456789ab.json'), 'utf8'));
    expect(de['Looks.title']).toEqual([{ type: 0, value: 'Looks' }]);
    expect(de['Looks.count'][0]).toMatchObject({ type: 6, value: 'count', pluralType: 'cardinal' });
    expect(de['Looks.count'][0].options.one.value).toEqual([{ type: 7 }, { type: 0, value: ' Look' }]);
  });

  it('fails the build on a message that is not valid ICU, naming it', async () => {
    fs.writeFileSync(path.join(dir, 'parts', 'de', 'looks.json'), '{"Looks.count":"{count, plural, one {# Look}"}');
    fs.writeFileSync(path.join(dir, 'index.js'), 'console.log(1);\n');
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: dir,
          entry: './index.js',
          output: { path: path.join(dir, 'dist') },
          plugins: [new EmitMessageAssets(parts, '')],
        },
        (error, result) => (error || !result ? reject(error) : resolve(result)),
      ),
    );
    expect(stats.hasErrors()).toBe(true);
    expect(stats.toString()).toMatch(/translations\/de\.json: message "Looks\.count" is not valid ICU/);
  });
});
