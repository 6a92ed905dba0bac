// Jobs get a selector of their own on create (kube's generateSelector), unless the user asks to
// choose it (spec.manualSelector): the pod template is labelled with the Job's name and uid, under
// the batch.kubernetes.io names and the legacy ones, and the selector picks the uid.

import { isObject } from '../defaulting/json-fields.ts';
import { metadataOf, type JsonObject } from '../object-meta.ts';
import type { ResourceStrategy } from '../strategy.ts';

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
  const spec = (isObject(job.spec) ? job.spec : (job.spec = {})) as JsonObject;
  const template = (isObject(spec.template) ? spec.template : (spec.template = {})) as JsonObject;
  const templateMeta = (isObject(template.metadata) ? template.metadata : (template.metadata = {})) as JsonObject;
  const labels = (isObject(templateMeta.labels) ? templateMeta.labels : (templateMeta.labels = {})) as JsonObject;
  for (const [key, value] of Object.entries(generatedJobLabels(name, uid))) setUnlessPresent(labels, key, value);
  const selector = (isObject(spec.selector) ? spec.selector : (spec.selector = {})) as JsonObject;
  const matchLabels = (isObject(selector.matchLabels) ? selector.matchLabels : (selector.matchLabels = {})) as JsonObject;
  setUnlessPresent(matchLabels, jobControllerUidLabel, uid);
}

export const jobStrategy: ResourceStrategy = {
  prepareForCreate(job) {
    if (!isObject(job.spec) || job.spec.manualSelector !== true) generateSelector(job);
  },
};
