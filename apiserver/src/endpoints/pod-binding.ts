// POST pods/{name}/binding and POST bindings: the scheduler's write that assigns a pod to a node
// (spec.nodeName and the PodScheduled condition), with the binding's annotations and labels (those
// the PodTopologyLabels admission adds). Answered with a Success Status, as kube does.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { fieldNotSupported, fieldRequired, newBadRequest, newConflict, newInvalid, type FieldError } from '@capstan/common';
import { inGoMapOrder } from '../admission/pod-topology-labels.ts';
import { admissionAttributes, type RequestAdmission } from '../admission/request-admission.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { metadataOf, metaTime } from '../registry/object-meta.ts';
import { storedObjectAs } from '../registry/stored-object-type.ts';
import { namespaceOf } from './get.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { servesNoTables } from './negotiate-media-type.ts';
import { readJsonBody } from './read-body.ts';
import { sendJson } from './send-json.ts';

/** `admission`: the request's, for pods/{name}/binding (kube admits the subresource's create, the Binding its object). */
export async function bindPod(pods: GenericStore, info: RequestInfo, request: IncomingMessage, response: ServerResponse, admission?: RequestAdmission): Promise<void> {
  servesNoTables(request);
  const binding = await readJsonBody(request);
  const attributes =
    admission === undefined
      ? undefined
      : {
          ...admissionAttributes(admission, pods.definition, {
            operation: 'CREATE',
            namespace: namespaceOf(info),
            name: info.name,
            object: binding,
            dryRun: false,
            subresource: 'binding',
          }),
          kind: { group: '', version: 'v1', kind: 'Binding' },
        };
  if (attributes !== undefined) await admission?.chain.admit(attributes);
  const metadata = metadataOf(binding);
  const name = metadata.name ?? '';
  // POST pods/{name}/binding names the pod in the path; POST bindings in the body.
  if (info.name !== '' && name !== info.name) throw newBadRequest('name in URL does not match name in Binding object');
  const target = (binding.target ?? {}) as { kind?: string; name?: string };
  const errors: FieldError[] = [];
  if (target.kind !== undefined && target.kind !== '' && target.kind !== 'Node') errors.push(fieldNotSupported('target.kind', target.kind, ['Node', '<empty>']));
  if (target.name === undefined || target.name === '') errors.push(fieldRequired('target.name'));
  if (errors.length > 0) throw newInvalid({ group: '', kind: 'Binding' }, name, errors);
  if (attributes !== undefined) await admission?.chain.validate(attributes);
  const node = target.name as string;
  const conflict = (reason: string) => newConflict({ group: '', resource: 'pods/binding' }, name, reason);
  const annotations = (metadata.annotations ?? {}) as Record<string, string>;
  // kube copies the binding's labels over the pod's (behind PodTopologyLabelsAdmission, on by default in 1.35).
  const labels = (metadata.labels ?? {}) as Record<string, string>;
  await pods.replaceWith(namespaceOf(info), name, { metadata: { name, resourceVersion: metadata.resourceVersion } }, (stored) => {
    const pod = storedObjectAs<Pod>(stored);
    const podMeta = pod.metadata ?? {};
    if (metadata.uid !== undefined && metadata.uid !== podMeta.uid) throw conflict(`the UID in the binding (${metadata.uid}) does not match the pod's (${podMeta.uid ?? ''})`);
    if (podMeta.deletionTimestamp !== undefined) throw conflict(`pod ${name} is being deleted, cannot be assigned to a host`);
    const spec = pod.spec;
    if (spec?.nodeName !== undefined && spec.nodeName !== '') throw conflict(`pod ${name} is already assigned to node ${JSON.stringify(spec.nodeName)}`);
    if ((spec?.schedulingGates ?? []).length > 0) throw conflict(`pod ${name} has non-empty .spec.schedulingGates`);
    const status = pod.status ?? {};
    const others = (status.conditions ?? []).filter((c) => c.type !== 'PodScheduled');
    const scheduled = { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: metaTime(new Date()) };
    return {
      ...pod,
      metadata: {
        ...podMeta,
        ...(Object.keys(annotations).length === 0 ? {} : { annotations: { ...podMeta.annotations, ...annotations } }),
        ...(Object.keys(labels).length === 0 ? {} : { labels: inGoMapOrder({ ...podMeta.labels, ...labels }) }),
      },
      spec: { ...spec, nodeName: node },
      status: { ...status, conditions: [...others, scheduled] },
    };
  });
  sendJson(response, 201, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
}
