// kube-apiserver's PodTopologyLabels admission (on by default in 1.35 with its
// PodTopologyLabelsAdmission gate): a pod bound to a node, by a pods/binding whose target is a
// Node or by a create that names spec.nodeName, gets the node's topology.kubernetes.io/zone and
// region labels (the binding carries them; its storage copies them onto the pod).

import { isNotFound } from '@capstan/common';
import { isObject, objectOf, stringOf } from '../registry/defaulting/json-fields.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';
import { isPods } from './resource-match.ts';
import { listerGet } from './lister-read.ts';

const topologyLabels = ['topology.kubernetes.io/zone', 'topology.kubernetes.io/region'];

/** The node's topology labels; none for a node that does not exist. */
async function nodeTopologyLabels(nodes: GenericStore, name: string): Promise<Record<string, string>> {
  let node: JsonObject;
  try {
    node = await listerGet(nodes, undefined, name);
  } catch (error) {
    if (isNotFound(error)) return {};
    throw error;
  }
  const labels = objectOf(metadataOf(node).labels);
  return Object.fromEntries(topologyLabels.filter((key) => typeof labels[key] === 'string').map((key) => [key, labels[key] as string]));
}

async function addLabels(nodes: GenericStore, object: JsonObject, nodeName: string): Promise<void> {
  const labels = await nodeTopologyLabels(nodes, nodeName);
  if (Object.keys(labels).length === 0) return;
  if (!isObject(object.metadata)) object.metadata = {};
  const metadata = object.metadata as JsonObject;
  metadata.labels = inGoMapOrder({ ...objectOf(metadata.labels), ...labels });
}

/** A map with its keys sorted, as Go writes one (kube stores labels it wrote so). */
export const inGoMapOrder = <V>(map: Readonly<Record<string, V>>): Record<string, V> => Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

export function podTopologyLabels(nodes: GenericStore): AdmissionPlugin {
  return {
    name: 'PodTopologyLabels',
    operations: ['CREATE'],
    mutates: isPods,
    admit: async (attributes) => {
      const object = attributes.object;
      if (!isPods(attributes.resource.group, attributes.resource.resource) || object === undefined) return;
      if (attributes.subresource === '') {
        const nodeName = stringOf(objectOf(object.spec).nodeName);
        if (nodeName !== '') await addLabels(nodes, object, nodeName);
      } else if (attributes.subresource === 'binding') {
        const target = objectOf(object.target);
        if (target.kind === 'Node') await addLabels(nodes, object, stringOf(target.name));
      }
    },
  };
}
