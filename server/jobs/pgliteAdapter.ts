import type { PGlite } from '@electric-sql/pglite';
import type { Db as JobDatabase } from './pgBoss';
import type { Db } from '../db';

/**
 * pg-boss on the embedded PGlite: one connection shared with the app's Kysely.
 *
 * pg-boss ships `fromPglite`, but it calls the PGlite instance directly, beside Kysely: a
 * statement of pg-boss could then land inside a transaction the app has open on the same (only)
 * connection. This adapter takes Kysely's connection for each statement instead (the PGlite
 * dialect hands it to one user at a time), so pg-boss's statements queue between the app's
 * transactions like any other query. Statements with parameters run as one extended-protocol
 * query; pg-boss's parameterless multi-statement blocks (schema, `BEGIN … COMMIT` locks) through
 * `exec`, as pg-boss's own PGlite adapter does. LISTEN/NOTIFY is in-process.
 */
export function pgliteJobDatabase(db: Db, pglite: PGlite): JobDatabase {
  return {
    async executeSql(text, values) {
      return db.connection().execute(async () => {
        try {
          if (values?.length) return { rows: (await pglite.query(text, values)).rows };
          const results = await pglite.exec(text);
          return { rows: results.flatMap((r) => r.rows ?? []) };
        } catch (error) {
          // A failed statement inside a BEGIN … COMMIT block leaves the one connection aborted.
          if (!values?.length) await pglite.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      });
    },
    async listen(channel, onNotification, onReconnect) {
      const unsubscribe = await pglite.listen(channel, onNotification);
      onReconnect();
      return { close: async () => unsubscribe() };
    },
  };
}
