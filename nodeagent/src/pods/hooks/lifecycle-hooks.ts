// The kubelet's lifecycle handler runner: a container's postStart and preStop hooks, run as exec
// (CRI ExecSync, no timeout), httpGet (against the action's host or the pod's IP; only a failed
// exchange is an error, not the answer's code) or sleep; a failure answered as the kubelet's message
// ("Exec lifecycle hook ([sh -c exit 3]) for Container "app" in Pod "web_default(uid)" failed -
// error: ..., message: ..."). A preStop hook gets the grace period at most; the time it took is
// taken from what is left for the container's stop.

import { goQuote, errorMessage } from '@capstan/common';
import type { CriRuntimeClient } from '../../cri/index.ts';
import type { RecordPodEvent } from '../pod-events.ts';
import type { Container, HTTPGetAction, LifecycleHandler } from '@capstan/common/api-types/core-v1';
import { formatPod, type Pod } from '../pod-types.ts';
import { httpGet } from '../prober/http-get.ts';
import { httpGetRequest } from '../prober/http-get-request.ts';
import { CommandExitError, runInContainer } from '../run-in-container.ts';

export interface HookTarget {
  readonly pod: Pod;
  readonly container: Container;
  /** The container instance's CRI id. */
  readonly containerId: string;
  /** The pod's IPs as the runtime reports them (a host-network pod: the node's). */
  readonly podIPs: readonly string[];
}

export interface LifecycleHooksOptions {
  readonly runtime: CriRuntimeClient;
  readonly recordEvent: RecordPodEvent;
}

/** The body of a hook's answer is read up to 10 KiB and dropped. */
const maxResponseBodyBytes = 10 * 1024;

/** Go's %v of a string slice: [a b c]. */
const goSlice = (items: readonly string[]): string => `[${items.join(' ')}]`;

export class LifecycleHooks {
  readonly #options: LifecycleHooksOptions;

  constructor(options: LifecycleHooksOptions) {
    this.#options = options;
  }

  /** Runs a hook; answers undefined when it succeeded, else the kubelet's message. */
  async run(handler: LifecycleHandler, target: HookTarget): Promise<string | undefined> {
    const { pod, container } = target;
    const where = `for Container ${goQuote(container.name)} in Pod ${goQuote(formatPod(pod))}`;
    if (handler.exec !== undefined) {
      const command = handler.exec.command ?? [];
      try {
        await runInContainer(this.#options.runtime, target.containerId, command, 0);
        return undefined;
      } catch (error) {
        const output = error instanceof CommandExitError ? error.output : '';
        return `Exec lifecycle hook (${goSlice(command)}) ${where} failed - error: ${errorMessage(error)}, message: ${goQuote(output)}`;
      }
    }
    if (handler.httpGet !== undefined) {
      const error = await this.#runHttpGet(handler.httpGet, target);
      return error === undefined ? undefined : `HTTP lifecycle hook (${handler.httpGet.path ?? ''}) ${where} failed - error: ${error}`;
    }
    if (handler.sleep !== undefined) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(handler.sleep?.seconds ?? 0, 0) * 1000).unref());
      return undefined;
    }
    return `Cannot run handler: invalid handler: ${JSON.stringify(handler)}`;
  }

  async #runHttpGet(action: HTTPGetAction, target: HookTarget): Promise<string | undefined> {
    const podIP = action.host || target.podIPs[0];
    if (podIP === undefined || podIP === '') return `failed to find networking container: pod ${formatPod(target.pod)} has no IP`;
    try {
      await httpGet(httpGetRequest(action, target.container, podIP, 'lifecycle'), { followNonLocalRedirects: true, maxBodyBytes: maxResponseBodyBytes });
      return undefined;
    } catch (error) {
      // A bad port, or an exchange that failed; the answer's status code is not looked at.
      return errorMessage(error);
    }
  }

  /** executePreStopHook: runs the container's preStop hook for at most the grace period; answers the whole seconds it took. */
  async executePreStop(target: HookTarget, gracePeriodSeconds: number): Promise<number> {
    const handler = target.container.lifecycle?.preStop;
    if (handler === undefined) return 0;
    const started = Date.now();
    const running = this.run(handler, target).then(
      (failure) => {
        // The message is not put in the event: it may hold secrets.
        if (failure !== undefined) this.#options.recordEvent(target.pod, target.container, { type: 'Warning', reason: 'FailedPreStopHook', message: 'PreStopHook failed' });
      },
      () => this.#options.recordEvent(target.pod, target.container, { type: 'Warning', reason: 'FailedPreStopHook', message: 'PreStopHook failed' }),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([running, new Promise((resolve) => (timer = setTimeout(resolve, gracePeriodSeconds * 1000)))]);
    clearTimeout(timer);
    return Math.trunc((Date.now() - started) / 1000);
  }
}
