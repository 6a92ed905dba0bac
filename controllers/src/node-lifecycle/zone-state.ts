// Zones and their health, as the node lifecycle controller sees them: a Node's zone is its region
// and zone labels; a zone with no Ready Node is fully disrupted, one with at least 3 not-Ready Nodes
// making up the unhealthy-zone-threshold share of it partially disrupted.

import type { Node, NodeCondition } from './api-types.ts';

export type ZoneState = 'Initial' | 'Normal' | 'FullDisruption' | 'PartialDisruption';

const labelTopologyZone = 'topology.kubernetes.io/zone';
const labelTopologyRegion = 'topology.kubernetes.io/region';
const labelFailureDomainBetaZone = 'failure-domain.beta.kubernetes.io/zone';
const labelFailureDomainBetaRegion = 'failure-domain.beta.kubernetes.io/region';

/** Nodes with this label count in no zone's health. */
export const labelNodeDisruptionExclusion = 'node.kubernetes.io/exclude-disruption';

/** The key of a Node's zone: "" without labels, else region and zone joined by ":\0:" (as kube's GetZoneKey). */
export function zoneKey(node: Node): string {
  const labels = node.metadata?.labels ?? {};
  const zone = labels[labelTopologyZone] ?? labels[labelFailureDomainBetaZone] ?? '';
  const region = labels[labelTopologyRegion] ?? labels[labelFailureDomainBetaRegion] ?? '';
  if (region === '' && zone === '') return '';
  return `${region}:\0:${zone}`;
}

/** The zone as people write it: "region/zone", or "" for the unlabelled zone. */
export function zoneName(key: string): string {
  return key.replace(':\0:', '/');
}

export function excludedFromDisruptionChecks(node: Node): boolean {
  return node.metadata?.labels?.[labelNodeDisruptionExclusion] !== undefined;
}

/** How many of the zone's Nodes are not Ready (no Ready condition counts as not Ready), and its state. */
export function computeZoneState(
  readyConditions: readonly (NodeCondition | undefined)[],
  unhealthyZoneThreshold: number,
): { readonly notReady: number; readonly state: ZoneState } {
  let ready = 0;
  let notReady = 0;
  for (const condition of readyConditions) {
    if (condition?.status === 'True') ready++;
    else notReady++;
  }
  if (ready === 0 && notReady > 0) return { notReady, state: 'FullDisruption' };
  // kube compares in float32: the same share then tips the zone over at the same node count.
  if (notReady > 2 && Math.fround(notReady / (notReady + ready)) >= Math.fround(unhealthyZoneThreshold)) return { notReady, state: 'PartialDisruption' };
  return { notReady, state: 'Normal' };
}
