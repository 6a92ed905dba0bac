// kube-apiserver's LongRunningFunc: the requests that may take as long as they like (watches, and
// the streams of log, exec, attach, port-forward and proxy). No request deadline applies to them,
// and no in-flight slot is held for them.

import type { RequestInfo } from '../request-info/request-info.ts';

const longRunningVerbs: ReadonlySet<string> = new Set(['watch', 'proxy']);
const longRunningSubresources: ReadonlySet<string> = new Set(['attach', 'exec', 'proxy', 'log', 'portforward']);

export function isLongRunning(info: RequestInfo): boolean {
  if (longRunningVerbs.has(info.verb)) return true;
  return info.isResourceRequest && longRunningSubresources.has(info.subresource);
}
