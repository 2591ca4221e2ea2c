import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { CHANGE_READERS } from '../../services/changes/outbox';
import { pruneChanges, shopsBehind } from '../../services/changes/reader';
import { runChangesUpkeep } from './upkeep';

/** Every ten minutes, once per cluster. */
export const CHANGES_UPKEEP_CRON = '*/10 * * * *';

/**
 * The platform's side of the change outbox (services/changes): the upkeep (queue `changes.upkeep`,
 * cron) prunes old changes and queues the readers of shops left behind. (A (re)install and a finished
 * catalog sync record `shopInstalled` and `catalogSynced` in their own transactions: lifecycle.ts,
 * catalogSync.ts.)
 */
export const changesPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app.deps;
    const readers = () => CHANGE_READERS.filter((reader) => app.jobs.handles(reader));
    await app.jobs.work('changes.upkeep', async () => {
      const result = await runChangesUpkeep(app.jobs, readers(), {
        prune: (running) => pruneChanges(db, running, { readAfterSeconds: 3600, keepDays: 7 }),
        behind: (reader) => shopsBehind(db, reader, 600),
      });
      if (result.pruned || result.queued) app.log.info(result, 'change outbox upkeep');
    });
    await app.jobs.schedule('changes.upkeep', CHANGES_UPKEEP_CRON, {});
  },
  { name: 'changes' },
);
