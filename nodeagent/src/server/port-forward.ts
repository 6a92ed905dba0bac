// GET or POST /portForward/{namespace}/{pod}[/{uid}]: the kubelet finds the pod's newest sandbox
// through the runtime (ListPodSandbox by the pod's uid label), asks the runtime (CRI PortForward)
// for the URL of its streaming server and proxies the client's upgraded connection to it (SPDY
// portforward.k8s.io: the ports are named per stream, not in the query). Its answers: 404 "pod does
// not exist" (or "pod not found" for another uid), 500 "failed to find sandboxID for pod ..." and
// the runtime's refusal by its gRPC code.

import { answerText, type Exchange } from './exchange.ts';
import { proxyToRuntime, runtimeRefusal } from './exec-attach.ts';
import type { ServerContext } from './server-context.ts';

const podUidLabel = 'io.kubernetes.pod.uid';

export async function servePortForward(context: ServerContext, exchange: Exchange, params: readonly string[]): Promise<void> {
  const [namespace = '', podName = '', uid] = params;
  const pod = context.pods.findPod(namespace, podName);
  if (pod === undefined) return answerText(exchange, 404, 'pod does not exist');
  if (uid !== undefined && uid !== pod.uid) return answerText(exchange, 404, 'pod not found');
  const description = `${pod.name}_${pod.namespace}(${pod.uid})`;
  let url: string;
  try {
    const { items } = await context.runtime.listPodSandbox({ filter: { labelSelector: { [podUidLabel]: pod.uid } } });
    const newest = [...items].sort((a, b) => b.createdAt - a.createdAt)[0];
    if (newest === undefined) return answerText(exchange, 500, `failed to find sandboxID for pod ${description}`);
    ({ url } = await context.runtime.portForward({ podSandboxId: newest.id, port: [] }));
    if (url === '') throw new Error('URL is not set');
  } catch (error) {
    return runtimeRefusal(exchange, error);
  }
  await proxyToRuntime(exchange, url);
}
