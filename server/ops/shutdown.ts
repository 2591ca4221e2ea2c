import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** After this long the process exits anyway (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** Closed last, once no request or job needs it. */
  closeDatabase: () => Promise<void>;
  exit?: (code: number) => void;
  signals?: NodeJS.Signals[];
}

/**
 * Graceful shutdown on SIGTERM / SIGINT: /readyz turns 503 (the load balancer stops sending), the
 * server stops accepting connections, open event streams end (their clients reconnect elsewhere
 * with Last-Event-ID), in-flight requests are answered, the features' shutdown hooks hand running
 * jobs back (`app.ops.onShutdown`), then the database closes. All of it within timeoutMs: after
 * that the remaining connections are cut and the process exits with 1.
 */
export function installGracefulShutdown(
  app: FastifyInstance,
  options: ShutdownOptions,
): (signal: string) => Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping: Promise<void> | undefined;
  const stop = (signal: string) => {
    stopping ??= (async () => {
      app.ops.draining = true;
      app.log.info(
        { signal, timeoutMs: options.timeoutMs },
        `${signal}: shutting down (draining requests, handing jobs back)`,
      );
      const timer = setTimeout(() => {
        app.log.error(`Shutdown took longer than ${options.timeoutMs} ms: cutting the remaining connections`);
        app.server.closeAllConnections();
        exit(1);
      }, options.timeoutMs);
      timer.unref();
      let code = 0;
      try {
        await app.close();
      } catch (error) {
        app.log.error({ err: error }, 'shutdown: closing the server failed');
        code = 1;
      }
      try {
        await options.closeDatabase();
      } catch (error) {
        app.log.error({ err: error }, 'shutdown: closing the database failed');
        code = 1;
      }
      clearTimeout(timer);
      app.log.info(`${signal}: stopped`);
      exit(code);
    })();
    return stopping;
  };
  for (const signal of options.signals ?? ['SIGTERM', 'SIGINT']) process.once(signal, () => void stop(signal));
  return stop;
}
