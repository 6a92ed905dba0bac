// The columns kube-apiserver's printers show for PodTemplate, PodDisruptionBudget, IngressClass, NetworkPolicy, RuntimeClass, ServiceCIDR, IPAddress, ResourceQuota and LimitRange.
//
// LimitRange has no printer in kube, so it keeps the default Name / Created At and is not listed
// here. PodTemplate prints no Age column. IPAddress declares two columns (Name, ParentRef) yet kube
// fills three cells per row, the third being the age: the Table on the wire carries that extra
// cell, which kubectl drops, and so does this printer.

import { quantityText, arrayAt, fieldAt, hasField, numberAt, recordAt, stringAt, byCodePoint, formatLabelSelector, formatLabels } from '@capstan/common';
import { ageColumn, ageOf, column, nameColumn, nameOf, type TableColumns } from './column.ts';
import { containerCells } from './container-cells.ts';

export const podTemplateColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Containers', 'string', 'The names of the containers in the template.'),
    column('Images', 'string', "The images the template's containers run."),
    column('Pod Labels', 'string', 'The labels pods made from the template get.'),
  ],
  cells: (template) => {
    const [names, images] = containerCells(fieldAt(template, 'template', 'spec'));
    return [nameOf(template), names, images, formatLabels(fieldAt(template, 'template', 'metadata', 'labels'))];
  },
};

/** An int-or-string field as IntOrString.String() writes it, or "N/A" when it is not set. */
function intOrString(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(Math.trunc(value));
  if (typeof value === 'string') return value;
  return 'N/A';
}

export const podDisruptionBudgetColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Min Available', 'string', 'How many selected pods must stay available, as a count or a percentage.'),
    column('Max Unavailable', 'string', 'How many selected pods may be unavailable, as a count or a percentage.'),
    column('Allowed Disruptions', 'integer', 'How many pods may be disrupted right now.'),
    ageColumn,
  ],
  cells: (budget, now) => [
    nameOf(budget),
    intOrString(fieldAt(budget, 'spec', 'minAvailable')),
    intOrString(fieldAt(budget, 'spec', 'maxUnavailable')),
    numberAt(budget, 'status', 'disruptionsAllowed'),
    ageOf(budget, now),
  ],
};

/** "Kind.apiGroup/name" of the parameters resource ("Kind/name" without a group), or "<none>". */
function ingressClassParameters(ingressClass: unknown): string {
  if (!hasField(ingressClass, 'spec', 'parameters')) return '<none>';
  const parameters = recordAt(ingressClass, 'spec', 'parameters');
  const apiGroup = fieldAt(parameters, 'apiGroup');
  const kind = stringAt(parameters, 'kind');
  // A set apiGroup is appended even when empty, as kube does for a non-nil pointer.
  const qualifiedKind = typeof apiGroup === 'string' ? `${kind}.${apiGroup}` : kind;
  return `${qualifiedKind}/${stringAt(parameters, 'name')}`;
}

export const ingressClassColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Controller', 'string', 'The controller that implements ingresses of this class.'),
    column('Parameters', 'string', 'The resource holding extra configuration for the controller.'),
    ageColumn,
  ],
  cells: (ingressClass, now) => [nameOf(ingressClass), stringAt(ingressClass, 'spec', 'controller'), ingressClassParameters(ingressClass), ageOf(ingressClass, now)],
};

export const networkPolicyColumns: TableColumns = {
  definitions: [nameColumn, column('Pod-Selector', 'string', 'The pods the policy applies to.'), ageColumn],
  cells: (policy, now) => [nameOf(policy), formatLabelSelector(recordAt(policy, 'spec', 'podSelector')), ageOf(policy, now)],
};

/** A quota amount in canonical form; an absent one is the zero quantity. */
const quotaAmount = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? quantityText(value) : '0');

/**
 * The Request and Limit cells: "resource: used/hard" for each resource in status.hard, sorted by
 * name, those named "limits.*" in the Limit cell and all others in the Request cell.
 */
function quotaUsage(quota: unknown): [request: string, limit: string] {
  const hard = recordAt(quota, 'status', 'hard');
  const used = recordAt(quota, 'status', 'used');
  const request: string[] = [];
  const limit: string[] = [];
  for (const resource of Object.keys(hard).sort(byCodePoint)) {
    const pieces = resource.split('.');
    const target = pieces.length > 1 && pieces[0] === 'limits' ? limit : request;
    target.push(`${resource}: ${quotaAmount(used[resource])}/${quotaAmount(hard[resource])}`);
  }
  return [request.join(', '), limit.join(', ')];
}

export const resourceQuotaColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Request', 'string', 'Used against hard amounts of each resource other than limits.'),
    column('Limit', 'string', 'Used against hard amounts of each limits resource.'),
    ageColumn,
  ],
  cells: (quota, now) => [nameOf(quota), ...quotaUsage(quota), ageOf(quota, now)],
};

export const runtimeClassColumns: TableColumns = {
  definitions: [nameColumn, column('Handler', 'string', 'The container runtime handler that runs pods of this class.'), ageColumn],
  cells: (runtimeClass, now) => [nameOf(runtimeClass), stringAt(runtimeClass, 'handler'), ageOf(runtimeClass, now)],
};

export const serviceCIDRColumns: TableColumns = {
  definitions: [nameColumn, column('CIDRs', 'string', 'The IP ranges service cluster IPs are allocated from.'), ageColumn],
  cells: (serviceCIDR, now) => [
    nameOf(serviceCIDR),
    arrayAt(serviceCIDR, 'spec', 'cidrs')
      .map((cidr) => (typeof cidr === 'string' ? cidr : ''))
      .join(','),
    ageOf(serviceCIDR, now),
  ],
};

/** "resource.group[/namespace]/name" of the object the address belongs to, lower-cased up to the name; "<none>" without one. */
function ipAddressParent(address: unknown): string {
  if (!hasField(address, 'spec', 'parentRef')) return '<none>';
  const parent = recordAt(address, 'spec', 'parentRef');
  const group = stringAt(parent, 'group');
  const resource = stringAt(parent, 'resource');
  const namespace = stringAt(parent, 'namespace');
  const groupResource = (group === '' ? resource : `${resource}.${group}`).toLowerCase();
  return `${groupResource}${namespace === '' ? '' : `/${namespace}`}/${stringAt(parent, 'name')}`;
}

export const ipAddressColumns: TableColumns = {
  definitions: [nameColumn, column('ParentRef', 'string', 'The object the IP address is allocated to.')],
  // Three cells for two columns: kube's printer appends the age without declaring a column for it.
  cells: (address, now) => [nameOf(address), ipAddressParent(address), ageOf(address, now)],
};
