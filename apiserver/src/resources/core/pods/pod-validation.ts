// The parts of kube's pod spec validation people meet most: containers (present, named by unique
// DNS labels, with an image, valid ports and pull policies), volumes (unique names, mounts that
// name them), the containers' resize policies, the spec's restart and DNS policies, its sysctls
// and its tolerations.

import { fieldDuplicate, fieldInvalid, fieldNotFound, fieldNotSupported, fieldRequired, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, objectsAt, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { isDNS1123Label } from '../../../registry/name-validation.ts';
import { containerResourceErrors } from '../../../registry/validation/resource-names.ts';
import { sysctlErrors } from '../../../registry/validation/sysctl-validation.ts';
import { tolerationErrors } from '../../../registry/validation/toleration-validation.ts';
import { isValidPortNum } from '../../../registry/validation/value-formats.ts';

const restartPolicies = ['Always', 'OnFailure', 'Never'];
const dnsPolicies = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];
const pullPolicies = ['Always', 'IfNotPresent', 'Never'];
const protocols = ['SCTP', 'TCP', 'UDP'];

/** The errors of a pod spec at `path` (spec, or spec.template.spec). */
export function podSpecErrors(spec: unknown, path: string): FieldError[] {
  if (!isObject(spec)) return [fieldRequired(path)];
  const errors: FieldError[] = [];
  const volumes = new Set<string>();
  objectsAt(spec, 'volumes').forEach((volume, i) => {
    const name = stringOf(volume.name);
    const field = `${path}.volumes[${i}].name`;
    if (name === '') errors.push(fieldRequired(field));
    else for (const message of isDNS1123Label(name)) errors.push(fieldInvalid(field, name, message));
    if (volumes.has(name)) errors.push(fieldDuplicate(field, name));
    volumes.add(name);
  });
  const containerNames = new Set<string>();
  const containers = objectsAt(spec, 'containers');
  if (containers.length === 0) errors.push(fieldRequired(`${path}.containers`));
  // Containers first, then init containers, whose names may not repeat theirs (kube's order).
  for (const key of ['containers', 'initContainers']) {
    objectsAt(spec, key).forEach((container, i) => {
      const containerPath = `${path}.${key}[${i}]`;
      errors.push(...containerErrors(container, containerPath, containerNames, volumes));
      // Every container's resize policy is checked alike: kube's "must not be set for init
      // containers" is behind InPlacePodVerticalScaling, GA and locked on in 1.35.
      errors.push(...containerResourceErrors(container.resources, `${containerPath}.resources`));
      errors.push(...resizePolicyErrors(container, `${containerPath}.resizePolicy`, stringOf(spec.restartPolicy) || 'Always'));
    });
  }
  if (spec.restartPolicy !== undefined && !restartPolicies.includes(String(spec.restartPolicy))) {
    errors.push(fieldNotSupported(`${path}.restartPolicy`, String(spec.restartPolicy), restartPolicies));
  }
  if (spec.dnsPolicy !== undefined && !dnsPolicies.includes(String(spec.dnsPolicy))) {
    errors.push(fieldNotSupported(`${path}.dnsPolicy`, String(spec.dnsPolicy), dnsPolicies));
  }
  errors.push(...sysctlErrors(spec, path));
  errors.push(...tolerationErrors(spec, 'tolerations', `${path}.tolerations`));
  return errors;
}

const resizeResources = ['cpu', 'memory'];
const resizeRestartPolicies = ['NotRequired', 'RestartContainer'];

/** validateResizePolicy: cpu and memory once each, with a known policy, never a restart in a pod that never restarts. */
function resizePolicyErrors(container: JsonObject, path: string, podRestartPolicy: string): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  objectsAt(container, 'resizePolicy').forEach((policy, i) => {
    const resource = stringOf(policy.resourceName);
    if (seen.has(resource)) errors.push(fieldDuplicate(`${path}[${i}]`, resource));
    seen.add(resource);
    if (resource === '') errors.push(fieldRequired(path));
    else if (!resizeResources.includes(resource)) errors.push(fieldNotSupported(path, resource, resizeResources));
    const restart = stringOf(policy.restartPolicy);
    if (restart === '') errors.push(fieldRequired(path));
    else if (!resizeRestartPolicies.includes(restart)) errors.push(fieldNotSupported(path, restart, resizeRestartPolicies));
    if (podRestartPolicy === 'Never' && restart !== 'NotRequired') errors.push(fieldInvalid(path, restart, "must be 'NotRequired' when `restartPolicy` is 'Never'"));
  });
  return errors;
}

function containerErrors(container: JsonObject, path: string, names: Set<string>, volumes: ReadonlySet<string>): FieldError[] {
  const errors: FieldError[] = [];
  const name = stringOf(container.name);
  if (name === '') errors.push(fieldRequired(`${path}.name`));
  else for (const message of isDNS1123Label(name)) errors.push(fieldInvalid(`${path}.name`, name, message));
  if (name !== '' && names.has(name)) errors.push(fieldDuplicate(`${path}.name`, name));
  names.add(name);
  if (typeof container.image !== 'string' || container.image.trim() === '') errors.push(fieldRequired(`${path}.image`));
  if (container.imagePullPolicy !== undefined && !pullPolicies.includes(String(container.imagePullPolicy))) {
    errors.push(fieldNotSupported(`${path}.imagePullPolicy`, String(container.imagePullPolicy), pullPolicies));
  }
  objectsAt(container, 'ports').forEach((port, i) => {
    const portPath = `${path}.ports[${i}]`;
    if (port.containerPort === undefined || port.containerPort === 0) errors.push(fieldRequired(`${portPath}.containerPort`));
    else for (const message of isValidPortNum(port.containerPort)) errors.push(fieldInvalid(`${portPath}.containerPort`, port.containerPort as number, message));
    if (port.hostPort !== undefined && port.hostPort !== 0) {
      for (const message of isValidPortNum(port.hostPort)) errors.push(fieldInvalid(`${portPath}.hostPort`, port.hostPort as number, message));
    }
    if (port.protocol !== undefined && !protocols.includes(String(port.protocol))) errors.push(fieldNotSupported(`${portPath}.protocol`, String(port.protocol), protocols));
  });
  objectsAt(container, 'volumeMounts').forEach((mount, i) => {
    const mountName = stringOf(mount.name);
    if (mountName === '') errors.push(fieldRequired(`${path}.volumeMounts[${i}].name`));
    else if (!volumes.has(mountName)) errors.push(fieldNotFound(`${path}.volumeMounts[${i}].name`, mountName));
    if (typeof mount.mountPath !== 'string' || mount.mountPath === '') errors.push(fieldRequired(`${path}.volumeMounts[${i}].mountPath`));
  });
  return errors;
}
