import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

/** What the server takes from shopify.app.toml — the one source of these values (managed install). */
export interface AppToml {
  clientId: string;
  name: string;
  /** The app's URL handle inside the admin: https://admin.shopify.com/store/<store>/apps/<handle>. */
  handle: string;
  /** [access_scopes] scopes, in file order. */
  scopes: string[];
  /** [webhooks] api_version: also the Admin GraphQL API version the server calls. */
  apiVersion: string;
}

export const APP_TOML_FILE = path.resolve(__dirname, '..', 'shopify.app.toml');

const text = (value: unknown, key: string): string => {
  if (typeof value !== 'string' || !value.trim()) throw new Error(`shopify.app.toml: ${key} is missing`);
  return value.trim();
};

export function parseAppToml(source: string): AppToml {
  const doc = parse(source) as Record<string, unknown>;
  const scopes = (doc.access_scopes ?? {}) as Record<string, unknown>;
  const webhooks = (doc.webhooks ?? {}) as Record<string, unknown>;
  const handle = text(doc.handle, 'handle');
  if (!/^[a-z0-9][a-z0-9-]*$/.test(handle))
    throw new Error('shopify.app.toml: handle must be lowercase letters, digits and dashes');
  return {
    clientId: text(doc.client_id, 'client_id'),
    name: text(doc.name, 'name'),
    handle,
    scopes: text(scopes.scopes, 'access_scopes.scopes')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    apiVersion: text(webhooks.api_version, 'webhooks.api_version'),
  };
}

const cache = new Map<string, AppToml>();

/** Reads (once per file) and validates the app configuration. */
export function readAppToml(file = APP_TOML_FILE): AppToml {
  let value = cache.get(file);
  if (!value) {
    value = parseAppToml(fs.readFileSync(file, 'utf8'));
    cache.set(file, value);
  }
  return value;
}
