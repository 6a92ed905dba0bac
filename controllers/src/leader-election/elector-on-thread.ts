// Leader election on a worker thread of its own. kube-controller-manager renews its lease from a
// goroutine that runs whatever its controllers do; in Node.js a renewal on the main thread waits
// for the event loop, and controllers that keep it busy (a rollout of 10,000 pods) can make it miss
// the renew deadline and end the process. On its own thread, with its own client and connections,
// the renewal depends only on the API server's answer. The callbacks run on the main thread.

import { Worker } from 'node:worker_threads';
import type { LeaderCallbacks, LeaderElectionConfig } from './leader-elector.ts';

export interface ElectorThreadData {
  readonly kubeconfig: string;
  readonly userAgent: string;
  readonly config: LeaderElectionConfig;
}

export type ElectorThreadMessage = { readonly type: 'started' } | { readonly type: 'stopped'; readonly lost: boolean } | { readonly type: 'new-leader'; readonly identity: string };

export class LeaderElectorOnThread {
  readonly #data: ElectorThreadData;
  readonly #callbacks: LeaderCallbacks;

  constructor(kubeconfig: string, userAgent: string, config: LeaderElectionConfig, callbacks: LeaderCallbacks) {
    this.#data = { kubeconfig, userAgent, config };
    this.#callbacks = callbacks;
  }

  /** As LeaderElector.run: campaigns, leads until the lease is lost or the signal aborts, then releases it. */
  run(signal: AbortSignal): Promise<void> {
    const callbacks = this.#callbacks;
    const worker = new Worker(new URL('./elector-thread.ts', import.meta.url), { workerData: this.#data });
    let leading: AbortController | undefined;
    const stopLeading = (lost: boolean): void => {
      if (leading === undefined) return;
      leading.abort();
      leading = undefined;
      callbacks.onStoppedLeading(lost);
    };
    // The controllers stop at once, as with LeaderElector; the thread then releases the lease.
    const onAbort = (): void => {
      leading?.abort();
      worker.postMessage('stop');
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (message: ElectorThreadMessage) => {
        switch (message.type) {
          case 'new-leader':
            callbacks.onNewLeader?.(message.identity);
            break;
          case 'started':
            if (signal.aborted) break;
            leading = new AbortController();
            callbacks.onStartedLeading(leading.signal);
            break;
          case 'stopped':
            stopLeading(message.lost);
            break;
        }
      });
      worker.once('error', (error) => {
        // A thread that failed no longer renews: leadership is lost.
        stopLeading(true);
        reject(error);
      });
      worker.once('exit', () => {
        signal.removeEventListener('abort', onAbort);
        stopLeading(!signal.aborted);
        resolve();
      });
    });
  }
}
