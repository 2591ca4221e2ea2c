/**
 * GET /readyz's checks. Built-in: the database answers, its migrations match this code, the NOTIFY
 * listener is connected, background work runs, the instance is not shutting down. Features add
 * their own (`app.ops.readiness.register('jobs', …)`: the job engine), replacing one of the same name.
 */

export interface CheckResult {
  ok: boolean;
  /** Why, in words an operator can act on (shown in the readyz body). */
  detail?: string;
}

export type ReadinessCheck = () => CheckResult | Promise<CheckResult>;

export interface CheckReport extends CheckResult {
  ms: number;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, CheckReport>;
}

/** A check that takes longer than this counts as failed: a probe must answer within its own timeout. */
export const CHECK_TIMEOUT_MS = 2000;

export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  names(): string[] {
    return [...this.checks.keys()];
  }

  /** Runs every check at once, each bounded by timeoutMs. */
  async run(timeoutMs = CHECK_TIMEOUT_MS): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        const started = performance.now();
        const result = await bounded(check, timeoutMs);
        return [name, { ...result, ms: Math.round(performance.now() - started) }] as const;
      }),
    );
    const checks = Object.fromEntries(entries);
    return { ready: entries.every(([, r]) => r.ok), checks };
  }
}

async function bounded(check: ReadinessCheck, timeoutMs: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${timeoutMs} ms` }), timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(check), timeout]);
  } catch (error) {
    return { ok: false, detail: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}
