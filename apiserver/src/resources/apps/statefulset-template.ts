// The StatefulSet pod template as kube validates it (ValidateStatefulSetSpec): the controller
// sets each pod's hostname and subdomain itself, so the template's are not checked, and each
// volumeClaimTemplate is a volume the containers may mount (a claim volume of that name, in place
// of a template volume of the same name).

import { objectOf } from '../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../registry/object-meta.ts';

export function statefulSetAsValidated(statefulSet: JsonObject): JsonObject {
  const spec = objectOf(statefulSet.spec);
  const template = objectOf(spec.template);
  const podSpec = objectOf(template.spec);
  const claims = (Array.isArray(spec.volumeClaimTemplates) ? spec.volumeClaimTemplates : []).map((claim) => String(objectOf(objectOf(claim).metadata).name ?? ''));
  if (podSpec.subdomain === undefined && podSpec.hostname === undefined && claims.length === 0) return statefulSet;
  const { subdomain: _subdomain, hostname: _hostname, ...rest } = podSpec;
  const claimNames = new Set(claims);
  const templateVolumes = (Array.isArray(podSpec.volumes) ? podSpec.volumes : []).filter((volume) => !claimNames.has(String(objectOf(volume).name ?? '')));
  const volumes = [...[...claimNames].map((name) => ({ name, persistentVolumeClaim: { claimName: name } })), ...templateVolumes];
  const validatedSpec = claims.length === 0 ? rest : { ...rest, volumes };
  return { ...statefulSet, spec: { ...spec, template: { ...template, spec: validatedSpec } } };
}
