// Jobs get a selector of their own on create (kube's generateSelector), unless the user asks to
// choose it (spec.manualSelector): the pod template is labelled with the Job's name and uid, under
// the batch.kubernetes.io names and the legacy ones, and the selector picks the uid.

import { isObject, objectAt } from '../../../registry/defaulting/json-fields.ts';
import { metadataOf, type JsonObject } from '../../../registry/object-meta.ts';
import type { ResourceStrategy } from '../../../registry/strategy.ts';

const jobControllerUidLabel = 'batch.kubernetes.io/controller-uid';

/** The labels a Job's pods carry when kube generates its selector, in the order kube checks them. */
export const generatedJobLabels = (name: string, uid: string): Record<string, string> => ({
  'controller-uid': uid,
  'job-name': name,
  [jobControllerUidLabel]: uid,
  'batch.kubernetes.io/job-name': name,
});

/** Sets `key` unless the user did: a conflicting value is for validation to refuse. */
function setUnlessPresent(map: JsonObject, key: string, value: string): void {
  if (!(key in map)) map[key] = value;
}

function generateSelector(job: JsonObject): void {
  const { name = '', uid = '' } = metadataOf(job);
  const spec = objectAt(job, 'spec');
  const labels = objectAt(objectAt(objectAt(spec, 'template'), 'metadata'), 'labels');
  for (const [key, value] of Object.entries(generatedJobLabels(name, uid))) setUnlessPresent(labels, key, value);
  const matchLabels = objectAt(objectAt(spec, 'selector'), 'matchLabels');
  setUnlessPresent(matchLabels, jobControllerUidLabel, uid);
}

export const jobStrategy: ResourceStrategy = {
  prepareForCreate(job) {
    if (!isObject(job.spec) || job.spec.manualSelector !== true) generateSelector(job);
  },
};
