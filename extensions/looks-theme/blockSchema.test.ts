import fs from 'node:fs';
import path from 'node:path';

/**
 * Where the blocks load: every block and app embed that names a script in its schema (`javascript`)
 * restricts itself with `enabled_on` (the platform applies it to app embeds as to app blocks, per its
 * changelog of 2023-02-26), so looks.js loads only on the templates that can show looks. An embed's
 * `enabled_on` templates are exactly the templates its Liquid renders something for
 * (`template.name == '…'`): none left out (looks would never show there), none extra (the script
 * would load for nothing).
 */
const BLOCKS = path.join(__dirname, 'blocks');

interface BlockSchema {
  target: string;
  javascript?: string;
  enabled_on?: { templates?: string[]; groups?: string[] };
  disabled_on?: unknown;
}

const blocks = fs
  .readdirSync(BLOCKS)
  .filter((f) => f.endsWith('.liquid'))
  .map((file) => {
    const source = fs.readFileSync(path.join(BLOCKS, file), 'utf8');
    const json = /\{%\s*schema\s*%\}([\s\S]*?)\{%\s*endschema\s*%\}/.exec(source)?.[1];
    if (!json) throw new Error(`${file} has no schema`);
    return { file, source, schema: JSON.parse(json) as BlockSchema };
  });

/** The templates a block's Liquid tests for: `template.name == 'product'`. */
const templatesInLiquid = (source: string) =>
  [...new Set([...source.matchAll(/template\.name\s*==\s*'([a-z_]+)'/g)].map((m) => m[1]))].sort();

describe('block schemas: where looks.js loads', () => {
  it('finds the app embed and the two app blocks', () => {
    expect(blocks.map((b) => `${b.file}:${b.schema.target}`).sort()).toEqual([
      'looks-embed.liquid:body',
      'looks-gallery.liquid:section',
      'shoppable-look.liquid:section',
    ]);
  });

  it.each(blocks.filter((b) => b.schema.javascript).map((b) => [b.file, b] as const))(
    '%s loads its script only on the templates it is enabled on',
    (_file, block) => {
      expect(block.schema.disabled_on).toBeUndefined();
      expect(block.schema.enabled_on?.templates?.length).toBeGreaterThan(0);
      expect(block.schema.enabled_on?.templates).not.toContain('*');
    },
  );

  it('the app embed is enabled on exactly the templates its Liquid shows looks on', () => {
    const embed = blocks.find((b) => b.schema.target === 'body')!;
    expect(templatesInLiquid(embed.source)).toEqual(['cart', 'product']);
    expect([...(embed.schema.enabled_on?.templates ?? [])].sort()).toEqual(templatesInLiquid(embed.source));
  });
});
