import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Every admin API request of the client takes its path from the route table (src/contracts/
 * adminRoutes.schema.ts): RTK Query endpoints through routeRequest, the few other requests through
 * routeUrl. So a route renamed in the table fails the typecheck wherever it is asked for, and a path
 * written by hand cannot slip past it: no string in src/ (tests, the test backend and the contracts
 * aside) names /admin/api, and the prefix (API_PREFIX) is read only where the two helpers and the
 * base query build URLs.
 */

const SRC = path.join(__dirname, '..');
/** Where the prefix may be used: the URL builders of the client. */
const PREFIX_READERS = ['api/routeRequest.ts', 'api/baseQuery.ts'];

const exempt = (file: string) =>
  /\.test\.tsx?$/.test(file) || file.startsWith('contracts/') || file.startsWith('test/');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The literals (strings, template parts) and the identifiers of a file's code: comments are not code. */
function codeOf(file: string, text: string): { literals: string[]; identifiers: string[] } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const literals: string[] = [];
  const identifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) literals.push(node.text);
    else if (ts.isIdentifier(node)) identifiers.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { literals, identifiers };
}

/** The places of a file that write an admin API path by hand. */
function handWrittenPaths(file: string, text: string): string[] {
  const { literals, identifiers } = codeOf(file, text);
  return [
    ...literals.filter((l) => /\/admin\/api\b/.test(l)).map((l) => `the string "${l}"`),
    ...(PREFIX_READERS.includes(file) ? [] : identifiers.filter((i) => i === 'API_PREFIX').slice(0, 1)),
  ];
}

describe('admin API paths come from the route table', () => {
  it('finds what it looks for (a path in a template, in a string, the prefix read), not comments', () => {
    expect(handWrittenPaths('x.ts', 'const u = `${API_PREFIX}/events`;')).toEqual(['API_PREFIX']);
    expect(handWrittenPaths('x.tsx', "fetch('/admin/api/v1/webVitals', { method: 'POST' });")).toEqual([
      'the string "/admin/api/v1/webVitals"',
    ]);
    expect(handWrittenPaths('x.ts', 'const u = `https://a.test/admin/api/v1/x/${id}`;')).toHaveLength(1);
    expect(handWrittenPaths('x.ts', '// POST /admin/api/v1/events, see API_PREFIX\nconst a = 1;')).toEqual([]);
    expect(handWrittenPaths('api/routeRequest.ts', 'return `${API_PREFIX}${path}`;')).toEqual([]);
  });

  it('no file of src/ writes one by hand', () => {
    const found = sourceFiles(SRC)
      .map((full) => path.relative(SRC, full).split(path.sep).join('/'))
      .filter((file) => !exempt(file))
      .flatMap((file) =>
        handWrittenPaths(file, fs.readFileSync(path.join(SRC, file), 'utf8')).map((what) => `${file}: ${what}`),
      );
    expect(found).toEqual([]);
  });
});
