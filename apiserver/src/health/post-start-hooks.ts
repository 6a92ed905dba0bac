// Post-start hooks (kube-apiserver's poststarthook/<name> checks): work that starts once the
// server listens. readyz and healthz fail until a hook has finished; livez counts an unfinished
// hook as healthy during --livez-grace-period, so that a slow start is not mistaken for a hang.

import type { HealthCheck } from './health-endpoint.ts';

export interface PostStartHook {
  readonly name: string;
  /** Retries on its own until it succeeds; a rejection is logged and leaves the hook unfinished. */
  run(): Promise<void>;
}

export class PostStartHooks {
  readonly #hooks: readonly PostStartHook[];
  readonly #finished = new Set<string>();
  #startedAt = 0;

  constructor(hooks: readonly PostStartHook[]) {
    this.#hooks = hooks;
  }

  /** Starts every hook; resolves once all have finished (never, if one fails). */
  start(onError: (name: string, error: unknown) => void): Promise<void> {
    this.#startedAt = Date.now();
    const runs = this.#hooks.map((hook) =>
      hook.run().then(
        () => void this.#finished.add(hook.name),
        (error: unknown) => {
          onError(hook.name, error);
          return new Promise<void>(() => {});
        },
      ),
    );
    return Promise.all(runs).then(() => {});
  }

  /** The checks of readyz and healthz: an unfinished hook fails. */
  readinessChecks(): HealthCheck[] {
    return this.#hooks.map((hook) => this.#check(hook.name, () => false));
  }

  /** The checks of livez: an unfinished hook passes until the grace period after start is over. */
  livenessChecks(gracePeriodMs: number): HealthCheck[] {
    return this.#hooks.map((hook) => this.#check(hook.name, () => Date.now() - this.#startedAt < gracePeriodMs));
  }

  #check(name: string, tolerated: () => boolean): HealthCheck {
    return {
      name: `poststarthook/${name}`,
      check: () => {
        if (!this.#finished.has(name) && !tolerated()) throw new Error('not finished');
      },
    };
  }
}
