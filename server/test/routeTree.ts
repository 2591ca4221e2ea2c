import type { FastifyInstance } from 'fastify';

/** Every route of the app as [method, url], read from Fastify's route tree; params are filled with `param`. */
export function listRoutes(app: FastifyInstance, param = '999999'): Array<[string, string]> {
  const routes: Array<[string, string]> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    const url = `${stack[depth - 1] ?? ''}${match[2]}`;
    stack[depth] = url;
    if (!url.startsWith('/')) continue;
    for (const method of match[3].split(', ')) routes.push([method, url.replace(/:[A-Za-z]+/g, param)]);
  }
  return routes;
}
