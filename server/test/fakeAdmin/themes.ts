import type { FakeAdminModule, FakeAdminModuleFactory, FakeResolution } from './module';

/** A theme of a shop as the stand-in keeps it: files by name (their text content). */
export interface FakeTheme {
  id: string;
  name: string;
  role: 'MAIN' | 'UNPUBLISHED' | 'DEVELOPMENT' | 'DEMO' | 'ARCHIVED' | 'LOCKED';
  files: Record<string, string>;
}

export interface FakeThemes extends FakeAdminModule {
  /** Replaces the shop's themes. */
  setThemes(shop: string, themes: FakeTheme[]): void;
  /** Sets one file of one of the shop's themes (by id). */
  setFile(shop: string, themeId: string, filename: string, content: string): void;
}

const ROLES = ['MAIN', 'UNPUBLISHED', 'DEVELOPMENT', 'DEMO', 'ARCHIVED', 'LOCKED'];

/** Literal arguments of a field in the document, e.g. `first: 1`, `roles: [MAIN]`, `filenames: ["a", "b"]`. */
const argument = (args: string, name: string): string | undefined =>
  new RegExp(`\\b${name}\\s*:\\s*(\\[[^\\]]*\\]|"[^"]*"|\\$?\\w+)`).exec(args)?.[1];
const list = (value: string | undefined, variables: Record<string, unknown>): string[] | undefined => {
  if (value === undefined) return undefined;
  if (value.startsWith('$')) {
    const v = variables[value.slice(1)];
    return Array.isArray(v) ? v.map(String) : v === undefined || v === null ? undefined : [String(v)];
  }
  return value.startsWith('[')
    ? [...value.slice(1, -1).matchAll(/"([^"]*)"|(\w+)/g)].map((m) => m[1] ?? m[2])
    : [value.replace(/"/g, '')];
};

/**
 * Online store themes: `themes(first:, roles:) { nodes { id name role files(filenames:) { nodes {
 * filename body { ... on OnlineStoreThemeFileBodyText { content } } } userErrors { code filename } } } }`
 * as the Admin GraphQL API answers it (a file that does not exist is left out of `nodes` and reported
 * in `userErrors` with code NOT_FOUND). `first` above 50 is refused, as the platform does.
 */
export const fakeThemes: FakeAdminModuleFactory = () => {
  const byShop = new Map<string, FakeTheme[]>();

  function resolve(shop: string, query: string, variables: Record<string, unknown>): FakeResolution | null {
    const field = /\bthemes\s*\(([^)]*)\)/.exec(query);
    if (!field) return null;
    const first = Number(list(argument(field[1], 'first'), variables)?.[0] ?? NaN);
    const roles = list(argument(field[1], 'roles'), variables);
    const filesArgs = /\bfiles\s*\(([^)]*)\)/.exec(query)?.[1];
    const filenames = filesArgs === undefined ? undefined : list(argument(filesArgs, 'filenames'), variables);
    return {
      requested: 2 + (Number.isFinite(first) ? first : 1) * (filesArgs ? 12 : 1),
      answer: () => {
        if (!Number.isInteger(first) || first < 1 || first > 50) {
          return {
            actual: 1,
            data: { errors: [{ message: 'first must be between 1 and 50', extensions: { code: 'BAD_REQUEST' } }] },
          };
        }
        if (roles?.some((r) => !ROLES.includes(r))) {
          return {
            actual: 1,
            data: {
              errors: [
                {
                  message: `Argument 'roles' has an invalid value (${roles.join(', ')}).`,
                  extensions: { code: 'argumentLiteralsIncompatible' },
                },
              ],
            },
          };
        }
        const themes = (byShop.get(shop) ?? []).filter((t) => !roles || roles.includes(t.role)).slice(0, first);
        return {
          actual: 2 + themes.length * (filesArgs ? 12 : 1),
          data: {
            themes: {
              nodes: themes.map((t) => ({
                id: t.id,
                name: t.name,
                role: t.role,
                ...(filesArgs === undefined
                  ? {}
                  : {
                      files: {
                        nodes: Object.entries(t.files)
                          .filter(([name]) => !filenames || filenames.includes(name))
                          .map(([filename, content]) => ({ filename, body: { content } })),
                        userErrors: (filenames ?? [])
                          .filter((name) => !(name in t.files))
                          .map((filename) => ({ code: 'NOT_FOUND', filename })),
                      },
                    }),
              })),
            },
          },
        };
      },
    };
  }

  return {
    resolve,
    setThemes(shop, themes) {
      byShop.set(
        shop,
        themes.map((t) => ({ ...t, files: { ...t.files } })),
      );
    },
    setFile(shop, themeId, filename, content) {
      const theme = (byShop.get(shop) ?? []).find((t) => t.id === themeId);
      if (!theme) throw new Error(`The stand-in has no theme ${themeId} for ${shop}`);
      theme.files[filename] = content;
    },
  } satisfies FakeThemes;
};
