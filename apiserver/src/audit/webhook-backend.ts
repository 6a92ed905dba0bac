// kube's webhook audit backend (--audit-webhook-config-file): events POSTed as an
// audit.k8s.io/v1 EventList to the server of a kubeconfig, with its TLS and credentials. Any
// failure is tried again, as kube's audit webhook does, after --audit-webhook-initial-backoff,
// growing 1.5 times (with a fifth of jitter), five tries in all.

import type { Logger } from '@capstan/common';
import { createAgent, Credentials, loadKubeconfig, sendRequest, type ClientConfig } from '@capstan/common/client';
import { eventJson, type AuditEvent } from './audit-event.ts';
import { logPluginError, type EventSender } from './audit-backend.ts';

/** kube's webhook timeout for audit posts. */
const requestTimeoutMs = 30_000;
const backoffFactor = 1.5;
const backoffJitter = 0.2;
const tries = 5;

/** Reads the kubeconfig at start: a file kube cannot use stops the server. */
export function webhookSender(configFile: string, initialBackoffMs: number, logger: Logger): EventSender {
  let config: ClientConfig;
  try {
    config = loadKubeconfig(configFile);
  } catch (error) {
    throw new Error(`initializing audit webhook: ${(error as Error).message}`);
  }
  const agent = createAgent(config);
  const credentials = new Credentials(config);
  const url = new URL(config.server);
  let closed = false;
  const post = async (body: string): Promise<void> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, */*', 'user-agent': 'kube-apiserver' };
    const authorization = credentials.authorization();
    if (authorization !== undefined) headers.authorization = authorization;
    const answer = await sendRequest({ method: 'POST', url, headers, body, agent, timeoutMs: requestTimeoutMs });
    if (answer.statusCode < 200 || answer.statusCode > 299) throw new Error(`the audit webhook answered ${answer.statusCode}: ${answer.body.toString('utf8').slice(0, 200)}`);
  };
  return {
    name: 'webhook',
    send: async (events) => {
      const body = eventListJson(events);
      let delayMs = initialBackoffMs;
      for (let attempt = 1; ; attempt++) {
        try {
          await post(body);
          return true;
        } catch (error) {
          // At shutdown a failing webhook is not waited for: what it refused is reported lost.
          if (attempt >= tries || closed) {
            logPluginError(logger, 'webhook', error, events);
            return false;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, delayMs * (1 + Math.random() * backoffJitter)));
        delayMs *= backoffFactor;
      }
    },
    close: async () => {
      closed = true;
      agent.destroy();
    },
  };
}

/** The EventList kube posts. */
export function eventListJson(events: readonly AuditEvent[]): string {
  return `{"kind":"EventList","apiVersion":"audit.k8s.io/v1","metadata":{},"items":[${events.map(eventJson).join(',')}]}`;
}
