// GET /api/v1/componentstatuses[/{name}]: the health of what the API server depends on, probed on
// each request as kube-apiserver does (deprecated since v1.19, still served, and still what
// `kubectl get cs` reads; its deprecation Warning is deprecated-api.ts'). The store is probed: etcd-0 on etcd, storage on the embedded store.

import type { ServerResponse } from 'node:http';
import { matchesLabels, newUnclassifiedError, errorMessage } from '@capstan/common';
import { compileFieldSelector } from '../registry/field-selector.ts';
import { labelSelectorOf } from '../registry/label-selector-query.ts';
import { checkListOptions, decodeListOptions } from '../registry/list-options.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { negotiateOutput } from './negotiate-media-type.ts';
import { sendJson } from './send-json.ts';

export interface ComponentProbe {
  readonly name: string;
  /** Resolves when the component is healthy; rejects with the reason when it is not. */
  probe(): Promise<void>;
}

export async function serveComponentStatuses(
  definition: ResourceDefinition,
  probes: readonly ComponentProbe[],
  info: RequestInfo,
  query: URLSearchParams,
  response: ServerResponse,
): Promise<void> {
  negotiateOutput(response.req);
  if (info.verb === 'get') {
    const probe = probes.find((p) => p.name === info.name);
    if (probe === undefined) throw newUnclassifiedError(`Component not found: ${info.name}`);
    sendJson(response, 200, { kind: 'ComponentStatus', apiVersion: 'v1', ...(await componentStatus(probe)) });
    return;
  }
  // Checked as any list is; the selectors filter the components as they would stored objects.
  const decoded = decodeListOptions(query, 'list');
  const labels = labelSelectorOf(query);
  const fields = compileFieldSelector(definition, query.get('fieldSelector') ?? '', undefined);
  checkListOptions(decoded);
  const items = (await Promise.all(probes.map(componentStatus))).filter(
    (item) => (labels === undefined || matchesLabels(labels, undefined)) && (fields === undefined || fields.matches(item)),
  );
  sendJson(response, 200, { kind: 'ComponentStatusList', apiVersion: 'v1', metadata: {}, items });
}

/** One probe as a ComponentStatus without its type meta: a Healthy condition, True with "ok" or False with the error. */
async function componentStatus(probe: ComponentProbe): Promise<JsonObject> {
  let condition: JsonObject;
  try {
    await probe.probe();
    condition = { type: 'Healthy', status: 'True', message: 'ok' };
  } catch (error) {
    condition = { type: 'Healthy', status: 'False', error: errorMessage(error) };
  }
  return { metadata: { name: probe.name }, conditions: [condition] };
}
