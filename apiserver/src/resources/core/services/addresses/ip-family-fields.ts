// A Service's cluster IP fields made whole before its IPs are allocated, as kube's Service storage
// does it: clusterIP and clusterIPs kept in step, what an update leaves out taken from the stored
// Service, and ipFamilyPolicy and ipFamilies defaulted from what the Service asks for and the IP
// families the cluster has (--service-cluster-ip-range), or refused with kube's 422 causes.

import { fieldInvalid, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../../registry/object-meta.ts';
import { isObject, stringsOf } from '../../../../registry/defaulting/json-fields.ts';
import { clusterIpsRelatedErrors } from '../service-validation.ts';
import { familyOfAddress, isIpFamily, otherFamily, type IpFamily } from './service-cidr.ts';

/** The IP families of the cluster's Service ranges, the primary (default) one first. */
export type ClusterIpFamilies = readonly IpFamily[];

/** Whether two lists of strings (absent ones empty) are the same. */
export const sameList = (a: unknown, b: unknown): boolean => {
  const left = stringsOf(a);
  const right = stringsOf(b);
  return left.length === right.length && left.every((value, i) => value === right[i]);
};

/** Whether Services of a type get cluster IPs ("None" counts as one). */
export const needsClusterIp = (spec: JsonObject): boolean => spec.type !== 'ExternalName';

/** kube's patchAllocatedValues for cluster IPs: an update that leaves them out keeps the allocated ones. */
export function keepAllocatedClusterIps(spec: JsonObject, oldSpec: JsonObject): void {
  if (!needsClusterIp(spec) || !needsClusterIp(oldSpec)) return;
  if ((spec.clusterIP === undefined || spec.clusterIP === '') && oldSpec.clusterIP !== undefined) spec.clusterIP = oldSpec.clusterIP;
  if (stringsOf(spec.clusterIPs).length === 0 && stringsOf(oldSpec.clusterIPs).length > 0) spec.clusterIPs = oldSpec.clusterIPs;
}

/**
 * kube's normalizeClusterIPs: a client that sets only clusterIP (an old one) gets clusterIPs to
 * match; on update, one that leaves clusterIPs out or changes only clusterIP gets them to follow.
 */
export function normalizeClusterIps(spec: JsonObject, oldSpec: JsonObject | undefined): void {
  const clusterIP = typeof spec.clusterIP === 'string' ? spec.clusterIP : '';
  if (oldSpec === undefined) {
    if (clusterIP !== '' && stringsOf(spec.clusterIPs).length === 0) spec.clusterIPs = [clusterIP];
    return;
  }
  const oldClusterIP = typeof oldSpec.clusterIP === 'string' ? oldSpec.clusterIP : '';
  if (stringsOf(oldSpec.clusterIPs).length > 0 && stringsOf(spec.clusterIPs).length === 0 && oldClusterIP === clusterIP) spec.clusterIPs = oldSpec.clusterIPs;
  if (oldClusterIP === clusterIP || !sameList(spec.clusterIPs, oldSpec.clusterIPs)) return;
  if (clusterIP === '') delete spec.clusterIPs;
  else spec.clusterIPs = [clusterIP];
}

/** A PreferDualStack Service whose IP fields the update leaves as they were is not up- or downgraded (kube's isMatchingPreferDualStackClusterIPFields). */
export function unchangedPreferDualStack(spec: JsonObject, oldSpec: JsonObject): boolean {
  const ipTypes = ['ClusterIP', 'NodePort', 'LoadBalancer'];
  return (
    spec.ipFamilyPolicy === 'PreferDualStack' &&
    spec.type === oldSpec.type &&
    ipTypes.includes(String(spec.type)) &&
    (oldSpec.ipFamilyPolicy === undefined || oldSpec.ipFamilyPolicy === 'PreferDualStack') &&
    sameList(spec.clusterIPs, oldSpec.clusterIPs) &&
    sameList(spec.ipFamilies, oldSpec.ipFamilies)
  );
}

const selectorless = (spec: JsonObject): boolean => !isObject(spec.selector) || Object.keys(spec.selector).length === 0;

/**
 * kube's initIPFamilyFields: defaults ipFamilyPolicy and ipFamilies of a Service about to be
 * created (oldSpec undefined) or updated, trims the secondary entries a SingleStack update drops;
 * answers the causes of kube's 422 when the fields contradict each other or the cluster.
 */
export function initIpFamilyFields(spec: JsonObject, oldSpec: JsonObject | undefined, cluster: ClusterIpFamilies): FieldError[] {
  if (!needsClusterIp(spec)) return [];
  if (oldSpec !== undefined && unchangedPreferDualStack(spec, oldSpec)) return [];
  const headlessSelectorless = spec.clusterIP === 'None' && selectorless(spec);
  if (spec.ipFamilyPolicy === undefined || spec.ipFamilyPolicy === null) {
    if (oldSpec?.ipFamilyPolicy !== undefined) spec.ipFamilyPolicy = oldSpec.ipFamilyPolicy;
    // A headless Service without a selector may front endpoints of both families.
    else spec.ipFamilyPolicy = headlessSelectorless ? 'RequireDualStack' : 'SingleStack';
  }
  const related = clusterIpsRelatedErrors(spec);
  if (related.length > 0) return related;
  const errors: FieldError[] = [];
  const policy = spec.ipFamilyPolicy;
  if (oldSpec !== undefined) {
    if (policy === 'SingleStack') {
      // SingleStack on a dual-stack Service whose fields are unchanged is the intent to drop the secondary.
      if (sameList(spec.clusterIPs, oldSpec.clusterIPs) && stringsOf(spec.clusterIPs).length > 1) spec.clusterIPs = stringsOf(spec.clusterIPs).slice(0, 1);
      if (sameList(spec.ipFamilies, oldSpec.ipFamilies) && stringsOf(spec.ipFamilies).length > 1) spec.ipFamilies = stringsOf(spec.ipFamilies).slice(0, 1);
    } else {
      const reduced = (key: string): boolean => stringsOf(spec[key]).length > 0 && stringsOf(spec[key]).length < stringsOf(oldSpec[key]).length;
      if (reduced('clusterIPs')) errors.push(fieldInvalid('spec.ipFamilyPolicy', String(policy), "must be 'SingleStack' to release the secondary cluster IP"));
      if (reduced('ipFamilies')) errors.push(fieldInvalid('spec.ipFamilyPolicy', String(policy), "must be 'SingleStack' to release the secondary IP family"));
    }
  }
  const clusterIPs = stringsOf(spec.clusterIPs);
  const families = stringsOf(spec.ipFamilies);
  if (policy === 'SingleStack') {
    if (clusterIPs.length === 2)
      errors.push(fieldInvalid('spec.ipFamilyPolicy', policy, "must be 'RequireDualStack' or 'PreferDualStack' when multiple cluster IPs are specified"));
    if (families.length === 2) errors.push(fieldInvalid('spec.ipFamilyPolicy', policy, "must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified"));
  }
  // The families of the IPs asked for fill in the families left out.
  for (const [i, ip] of clusterIPs.entries()) {
    if (ip === 'None') break;
    if (i < families.length) continue;
    const family = familyOfAddress(ip);
    if (family !== undefined && cluster.includes(family)) families.push(family);
    else errors.push(fieldInvalid(`spec.clusterIPs[${i}]`, clusterIPs, `${family} is not configured on this cluster`));
  }
  if (families.length > 0) spec.ipFamilies = families;
  if (errors.length > 0) return errors;
  // The cluster has one range at least: the primary family is always there.
  const primary = cluster[0];
  // Validation (clusterIpsRelatedErrors) let only IPv4 and IPv6 through.
  const withOtherFamily = (): void => {
    const first = families[0];
    if (isIpFamily(first)) families.push(otherFamily(first));
  };
  if (headlessSelectorless) {
    // It may name families the cluster does not have.
    if (families.length === 0 && primary !== undefined) families.push(primary);
    if (families.length < 2 && policy !== 'SingleStack') withOtherFamily();
    spec.ipFamilies = families;
    return [];
  }
  if (policy === 'RequireDualStack' && cluster.length < 2) errors.push(fieldInvalid('spec.ipFamilyPolicy', policy, 'this cluster is not configured for dual-stack services'));
  families.forEach((family, i) => {
    if (!cluster.some((configured) => configured === family)) errors.push(fieldInvalid(`spec.ipFamilies[${i}]`, family, 'not configured on this cluster'));
  });
  if (errors.length > 0) return errors;
  if (families.length === 0 && primary !== undefined) families.push(primary);
  if (policy !== 'SingleStack' && families.length === 1 && cluster.length === 2) withOtherFamily();
  spec.ipFamilies = families;
  return [];
}
