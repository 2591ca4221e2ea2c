import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';

/**
 * The texts the product spec quotes, from ONE list (scripts/messages/specQuotes.json; kept out of translations/, which holds only the catalogues): each
 * UI message is said word for word by the English catalogue (the other
 * languages translate it, translations.test.ts checks they have it); each
 * other quote is in the code that holds it. With the spec beside the clone
 * (shared/SPEC.md in the clone's parent folder or one above, as CI has it; SPEC_MD names another place), the list
 * is checked against it too: every quote of the spec is in the list, and
 * the list quotes nothing the spec does not.
 */

interface MessageQuote {
  specQuote: string;
  messageKey: string;
  values?: Record<string, string | number>;
  followedBy?: string;
}
interface OtherQuote {
  specQuote: string;
  what: string;
  file: string;
}

const ROOT = path.resolve(__dirname, '..');
const read = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(__dirname, file), 'utf8')) as T;
const { messages, notMessages: others } = read<{ messages: MessageQuote[]; notMessages: OtherQuote[] }>(
  '../scripts/messages/specQuotes.json',
);
const en = read<Record<string, string>>('en.json');

/** The spec's {placeholders} filled with `values`. */
function filled(quote: string, values: Record<string, string | number> = {}): string {
  return quote.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Equal, but for the first letter's case (a quote inside a sentence of the spec, a sentence's start in the UI). */
function sameWords(shown: string, quoted: string): boolean {
  return (
    shown === quoted ||
    (shown.slice(1) === quoted.slice(1) && shown.charAt(0).toLowerCase() === quoted.charAt(0).toLowerCase())
  );
}

/**
 * The spec beside the clone: shared/SPEC.md in the clone's parent folder or
 * the nearest one above it (a git worktree lies a folder deeper than the
 * clone it belongs to); the parent's when there is none (then skipped).
 */
function sharedSpec(root: string): string {
  for (let dir = path.dirname(root); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', 'SPEC.md');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return path.resolve(root, '..', 'shared', 'SPEC.md');
  }
}

/** The texts in single quotes of the spec (an apostrophe inside a word is none: "the platform's"). */
function quotesOf(spec: string): string[] {
  return [...spec.matchAll(/(?<![\p{L}\p{N}])'([^'\n]+?)'(?![\p{L}\p{N}])/gu)].map((m) => m[1]);
}

describe('texts the spec quotes', () => {
  it.each(messages.map((m) => [m.messageKey, m] as const))(
    "English %s says the spec's words",
    (key, { specQuote, values, followedBy = '' }) => {
      expect(en[key]).toBeDefined();
      expect(filled(specQuote, values)).not.toMatch(/\{\w+\}/); // every placeholder of the quote has a value
      const shown = new IntlMessageFormat(en[key], 'en').format(values) as string;
      const quoted = filled(specQuote, values) + followedBy;
      expect(sameWords(shown, quoted) ? quoted : shown).toBe(quoted);
    },
  );

  it.each(others.map((o) => [o.specQuote, o] as const))(
    '%s (no UI message) is in the code word for word',
    (quote, { file }) => {
      expect(fs.readFileSync(path.join(ROOT, file), 'utf8')).toContain(quote);
    },
  );

  it('lists each quote once: a message (one entry a key) or not one', () => {
    const messageQuotes = new Set(messages.map((m) => m.specQuote));
    expect(others.filter((o) => messageQuotes.has(o.specQuote))).toEqual([]);
    const otherQuotes = others.map((o) => o.specQuote);
    expect(otherQuotes).toEqual([...new Set(otherQuotes)]);
    const keys = messages.map((m) => m.messageKey);
    expect(keys).toEqual([...new Set(keys)]);
  });

  it('finds the quotes of a spec', () => {
    expect(
      quotesOf("the platform's token; shows 'Failed to update settings'. Defaults: 'Add to cart', '{product}'."),
    ).toEqual(['Failed to update settings', 'Add to cart', '{product}']);
  });

  const specPath = process.env.SPEC_MD ?? sharedSpec(ROOT);
  const spec = fs.existsSync(specPath) ? fs.readFileSync(specPath, 'utf8') : undefined;
  const withSpec = spec === undefined ? it.skip : it;

  withSpec(`has every quote of the spec (${specPath}), and none it lacks`, () => {
    const quoted = new Set(quotesOf(spec!));
    const listed = new Set([...messages, ...others].map((q) => q.specQuote));
    expect([...quoted].filter((q) => !listed.has(q))).toEqual([]); // a new quote: add it to specQuotes.json
    expect([...listed].filter((q) => !quoted.has(q))).toEqual([]); // no longer quoted: remove it
  });
});
