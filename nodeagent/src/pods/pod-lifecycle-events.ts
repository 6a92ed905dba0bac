// The generic PLEG: every relist period (1 s) the runtime's sandboxes and containers are listed
// once for the whole node, and each pod whose sandboxes or containers changed state is woken. The
// uids the runtime holds are also what the housekeeping compares with the pods the agent knows.

import type { CriRuntimeClient } from '../cri/index.ts';
import { sleep } from '@capstan/common';
import { podUidLabel } from './runtime-labels.ts';

export const plegRelistPeriodMs = 1000;

export interface RelistResult {
  /** The pods whose runtime state changed since the last relist. */
  readonly changed: readonly string[];
  /** Every pod uid the runtime holds a sandbox or container of. */
  readonly uids: ReadonlySet<string>;
}

export class PodLifecycleEvents {
  readonly #runtime: CriRuntimeClient;
  #fingerprints = new Map<string, string>();

  constructor(runtime: CriRuntimeClient) {
    this.#runtime = runtime;
  }

  async relist(): Promise<RelistResult> {
    const [{ items }, { containers }] = await Promise.all([this.#runtime.listPodSandbox(), this.#runtime.listContainers()]);
    const parts = new Map<string, string[]>();
    const add = (uid: string | undefined, part: string): void => {
      if (uid === undefined) return;
      const list = parts.get(uid);
      if (list === undefined) parts.set(uid, [part]);
      else list.push(part);
    };
    for (const sandbox of items) add(sandbox.labels[podUidLabel], `s:${sandbox.id}:${sandbox.state}`);
    for (const container of containers) add(container.labels[podUidLabel], `c:${container.id}:${container.state}`);
    const next = new Map<string, string>();
    for (const [uid, list] of parts) next.set(uid, list.sort().join(','));
    const changed: string[] = [];
    for (const [uid, fingerprint] of next) if (this.#fingerprints.get(uid) !== fingerprint) changed.push(uid);
    for (const uid of this.#fingerprints.keys()) if (!next.has(uid)) changed.push(uid);
    this.#fingerprints = next;
    return { changed, uids: new Set(next.keys()) };
  }

  /** Relists until the signal aborts, handing each result on; a failed relist is logged and retried. */
  async run(signal: AbortSignal, periodMs: number, onRelist: (result: RelistResult) => void, log: (message: string, error?: unknown) => void): Promise<void> {
    while (!signal.aborted) {
      try {
        onRelist(await this.relist());
      } catch (error) {
        if (!signal.aborted) log('GenericPLEG: Unable to retrieve pods', error);
      }
      await sleep(periodMs, signal);
    }
  }
}
