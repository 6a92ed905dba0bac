// prober.probe: one probe of a container, run as the kubelet runs it: an exec probe through CRI
// ExecSync with the probe's timeout (its command's $(VAR) expanded from the container's plain env
// values only), an httpGet or tcpSocket probe against the action's host or else the pod's IP;
// retried up to 3 times while it errors; a failure, a warning or an error recorded as an event
// ("Liveness probe failed: ...", reason Unhealthy, or ProbeWarning).

import type { CriRuntimeClient } from '../../cri/index.ts';
import { expandReferences } from '../container-config.ts';
import type { RecordPodEvent } from '../pod-events.ts';
import type { Container, Probe } from '@capstan/common/api-types/core-v1';
import { formatPod, type Pod } from '../pod-types.ts';
import { CommandExitError, CommandTimeoutError, runInContainer } from '../run-in-container.ts';
import { grpcProbe } from './grpc-probe.ts';
import { httpGetRequest, resolveContainerPort } from './http-get-request.ts';
import { httpProbe } from './http-probe.ts';
import { limitProbeOutput, probeKindName, type ProbeKind, type ProbeOutcome, type ProbeResult } from './probe-result.ts';
import { tcpProbe } from './tcp-probe.ts';

const maxProbeRetries = 3;

export interface ProbeTarget {
  readonly pod: Pod;
  readonly container: Container;
  /** The CRI id of the container instance probed. */
  readonly containerId: string;
  /** status.podIP as the status manager has it. */
  readonly podIP: string;
}

/** ExpandContainerCommandOnlyStatic: only variables with a plain value are known. */
function staticCommand(command: readonly string[], container: Container): string[] {
  const values = new Map<string, string>();
  for (const variable of container.env ?? []) if (variable.value !== undefined) values.set(variable.name, variable.value);
  return command.map((part) => expandReferences(part, values));
}

async function execProbe(runtime: CriRuntimeClient, containerId: string, command: readonly string[], timeoutSeconds: number): Promise<ProbeOutcome> {
  try {
    return { result: 'success', output: limitProbeOutput(await runInContainer(runtime, containerId, command, timeoutSeconds)) };
  } catch (error) {
    if (error instanceof CommandExitError) return { result: 'failure', output: limitProbeOutput(error.output) };
    // With ExecProbeTimeout (GA), a timeout is a failure whose output is the timeout error.
    if (error instanceof CommandTimeoutError) return { result: 'failure', output: error.message };
    return { result: 'unknown', output: '', error: error as Error };
  }
}

/** runProbe: the probe's action, once. */
export async function runProbeAction(runtime: CriRuntimeClient, spec: Probe, target: ProbeTarget): Promise<ProbeOutcome> {
  const timeoutSeconds = spec.timeoutSeconds ?? 1;
  const { pod, container } = target;
  try {
    if (spec.exec !== undefined) return await execProbe(runtime, target.containerId, staticCommand(spec.exec.command ?? [], container), timeoutSeconds);
    if (spec.httpGet !== undefined) return await httpProbe(httpGetRequest(spec.httpGet, container, target.podIP, 'probe'), timeoutSeconds * 1000);
    if (spec.tcpSocket !== undefined) {
      const port = resolveContainerPort(spec.tcpSocket.port, container);
      return await tcpProbe(spec.tcpSocket.host || target.podIP, port, timeoutSeconds * 1000);
    }
    if (spec.grpc !== undefined) return await grpcProbe(target.podIP, spec.grpc.port, spec.grpc.service ?? '', timeoutSeconds * 1000);
  } catch (error) {
    return { result: 'unknown', output: '', error: error as Error };
  }
  return { result: 'unknown', output: '', error: new Error(`missing probe handler for ${formatPod(pod)}:${container.name}`) };
}

/** probe: the result the worker counts, or undefined when the probe errored (its result is thrown away). */
export async function probeContainer(runtime: CriRuntimeClient, kind: ProbeKind, spec: Probe, target: ProbeTarget, recordEvent: RecordPodEvent): Promise<ProbeResult | undefined> {
  let outcome: ProbeOutcome = await runProbeAction(runtime, spec, target);
  for (let attempt = 1; attempt < maxProbeRetries && outcome.result === 'unknown'; attempt++) outcome = await runProbeAction(runtime, spec, target);
  const name = probeKindName[kind];
  const { pod, container } = target;
  switch (outcome.result) {
    case 'success':
      return 'success';
    case 'warning':
      recordEvent(pod, container, { type: 'Warning', reason: 'ProbeWarning', message: `${name} probe warning: ${outcome.output}` });
      return 'success';
    case 'failure':
      recordEvent(pod, container, { type: 'Warning', reason: 'Unhealthy', message: `${name} probe failed: ${outcome.output}` });
      return 'failure';
    case 'unknown':
      recordEvent(pod, container, { type: 'Warning', reason: 'Unhealthy', message: `${name} probe errored and resulted in unknown state: ${outcome.error.message}` });
      return undefined;
  }
}
