import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate, type GraphQLSchema, isInputObjectType } from 'graphql';
import { parse as parseToml } from 'smol-toml';

/**
 * The Function's input queries validate against the committed Discount Function API schema
 * (schema.graphql, read by `shopify app function typegen` and the CLI's build), and every target the
 * toml declares has its result type in the schema, so codegen gives the result types the code returns.
 */
const DIR = path.join(__dirname, '..');
const schemaFile = path.join(DIR, 'schema.graphql');

interface Targeting {
  target: string;
  input_query?: string;
  export?: string;
}
const toml = parseToml(fs.readFileSync(path.join(DIR, 'shopify.extension.toml'), 'utf8')) as {
  api_version: string;
  extensions: Array<{ targeting: Targeting[] }>;
};
const targeting = toml.extensions.flatMap((e) => e.targeting);

/** cart.lines.discounts.generate.run → cartLinesDiscountsGenerateRun (the MutationRoot field of its result). */
const camel = (target: string) =>
  target
    .split(/[.-]/)
    .map((part, i) => (i ? part[0].toUpperCase() + part.slice(1) : part))
    .join('');

let schema: GraphQLSchema;
beforeAll(() => {
  schema = buildSchema(fs.readFileSync(schemaFile, 'utf8'));
});

describe('look-bundle input queries against schema.graphql', () => {
  it('has a schema for the toml api_version', () => {
    expect(fs.readFileSync(schemaFile, 'utf8')).toContain(`api_version ${toml.api_version}`);
    expect(schema.getQueryType()?.name).toBe('Input');
  });

  it('names an input query for every target, and every query file in src is used', () => {
    const queries = targeting.map((t) => t.input_query);
    expect(queries.every(Boolean)).toBe(true);
    const files = fs
      .readdirSync(path.join(DIR, 'src'))
      .filter((f) => f.endsWith('.graphql'))
      .map((f) => `src/${f}`);
    expect(files.sort()).toEqual([...new Set(queries)].sort());
  });

  it.each(targeting.map((t) => [t.target, t] as const))('%s: the input query is valid', (_target, t) => {
    const document = parse(fs.readFileSync(path.join(DIR, t.input_query!), 'utf8'));
    expect(validate(schema, document).map((e) => e.message)).toEqual([]);
  });

  it.each(targeting.map((t) => [t.target] as const))('%s: the result type is in the schema', (target) => {
    const field = schema.getMutationType()?.getFields()[camel(target)];
    expect(field).toBeDefined();
    const resultType = field!.args
      .find((a) => a.name === 'result')
      ?.type.toString()
      .replace(/!$/, '');
    expect(resultType).toBe(`${camel(target)[0].toUpperCase()}${camel(target).slice(1)}Result`);
    expect(isInputObjectType(schema.getType(resultType!))).toBe(true);
  });

  it('rejects a query for a field the API does not have (the check can fail)', () => {
    const document = parse('query { cart { lines { id price } } }');
    expect(validate(schema, document).map((e) => e.message)).toEqual([
      'Cannot query field "price" on type "CartLine".',
    ]);
  });
});
