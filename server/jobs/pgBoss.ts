/**
 * pg-boss, loaded through Node's own `require`: it is ESM only, which Node 22 loads with
 * require(esm) (the app under tsx does exactly that), but jest's module registry refuses an ES
 * module in a CommonJS test unless the whole suite runs on its experimental VM modules. Node's
 * loader (process.getBuiltinModule: jest swaps the `node:module` an import would give) loads it the same way in the app and in tests.
 * Types come from the package as usual.
 */
const nodeRequire = process.getBuiltinModule('node:module').createRequire(__filename);

export const { PgBoss, fromKysely } = nodeRequire('pg-boss') as typeof import('pg-boss');
export type * from 'pg-boss';
export type PgBoss = import('pg-boss').PgBoss;
