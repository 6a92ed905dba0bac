// A Service's spec checked as kube's ValidateService checks it (ports, type, the fields of
// headless and ExternalName Services, cluster IPs and IP families), and on update the cluster IPs
// and IP families, which may gain or lose a secondary entry but not change one.

import { fieldDuplicate, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, type FieldBadValue, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { objectOf, objectsAt, stringOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import { isDNS1123Subdomain } from '../../../registry/name-validation.ts';
import { externallyAccessible } from './addresses/service-addresses.ts';
import { familyOfAddress } from './addresses/service-cidr.ts';
import { legacyIpErrors } from '../../../registry/validation/ip-formats.ts';
import { invalidEach, isValidPortNum } from '../../../registry/validation/value-formats.ts';

const types = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const ipFamilies = ['IPv4', 'IPv6'];
const ipFamilyPolicies = ['PreferDualStack', 'RequireDualStack', 'SingleStack'];

/** A headless Service: its one cluster IP is "None". */
export const isHeadless = (spec: JsonObject): boolean => {
  const clusterIPs = stringsOf(spec.clusterIPs);
  return clusterIPs.length === 1 && clusterIPs[0] === 'None';
};

/** A list of cluster IPs as kube quotes it: []string{...}, or []string(nil) when absent. */
const clusterIpsValue = (spec: JsonObject): FieldBadValue => (Array.isArray(spec.clusterIPs) ? stringsOf(spec.clusterIPs) : null);
const ipFamiliesValue = (spec: JsonObject): FieldBadValue => (Array.isArray(spec.ipFamilies) ? stringsOf(spec.ipFamilies) : null);
const ipFamilyPolicyValue = (spec: JsonObject): FieldBadValue => (spec.ipFamilyPolicy === undefined || spec.ipFamilyPolicy === null ? null : String(spec.ipFamilyPolicy));

export function serviceErrors(service: JsonObject): FieldError[] {
  const spec = objectOf(service.spec);
  const errors: FieldError[] = [];
  const ports = objectsAt(spec, 'ports');
  if (ports.length === 0 && !isHeadless(spec) && spec.type !== 'ExternalName') errors.push(fieldRequired('spec.ports'));
  errors.push(...typeSpecificErrors(spec));
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const path = `spec.ports[${i}]`;
    const name = stringOf(port.name);
    if (ports.length > 1 && name === '') errors.push(fieldRequired(`${path}.name`));
    if (name !== '' && names.has(name)) errors.push(fieldDuplicate(`${path}.name`, name));
    names.add(name);
    for (const message of isValidPortNum(port.port)) errors.push(fieldInvalid(`${path}.port`, (port.port as number) ?? 0, message));
    if (typeof port.targetPort === 'number') for (const message of isValidPortNum(port.targetPort)) errors.push(fieldInvalid(`${path}.targetPort`, port.targetPort, message));
  });
  errors.push(...clusterIpsRelatedErrors(spec));
  if (spec.type !== undefined && !types.includes(String(spec.type))) errors.push(fieldNotSupported('spec.type', String(spec.type), types));
  if (spec.type === 'ClusterIP') {
    ports.forEach((port, i) => {
      if (typeof port.nodePort === 'number' && port.nodePort !== 0) errors.push(fieldForbidden(`spec.ports[${i}].nodePort`, "may not be used when `type` is 'ClusterIP'"));
    });
  }
  if (!externallyAccessible(spec) && typeof spec.externalTrafficPolicy === 'string' && spec.externalTrafficPolicy !== '') {
    errors.push(fieldInvalid('spec.externalTrafficPolicy', spec.externalTrafficPolicy, 'may only be set for externally-accessible services'));
  }
  return errors;
}

/** A headless Service may not be reached on node ports; an ExternalName one has no cluster IP, only its name. */
function typeSpecificErrors(spec: JsonObject): FieldError[] {
  if ((spec.type === 'LoadBalancer' || spec.type === 'NodePort') && isHeadless(spec)) {
    return [fieldInvalid('spec.clusterIPs[0]', 'None', `may not be set to 'None' for ${spec.type} services`)];
  }
  if (spec.type !== 'ExternalName') return [];
  const errors: FieldError[] = [];
  if (stringsOf(spec.clusterIPs).length > 0) errors.push(fieldForbidden('spec.clusterIPs', 'may not be set for ExternalName services'));
  if (stringsOf(spec.ipFamilies).length > 0) errors.push(fieldForbidden('spec.ipFamilies', 'may not be set for ExternalName services'));
  if (spec.ipFamilyPolicy !== undefined && spec.ipFamilyPolicy !== null) errors.push(fieldForbidden('spec.ipFamilyPolicy', 'may not be set for ExternalName services'));
  // The name (a CNAME) may end in a dot, for a fully qualified one.
  const name = stringOf(spec.externalName).replace(/\.$/, '');
  if (name === '') errors.push(fieldRequired('spec.externalName'));
  else errors.push(...invalidEach('spec.externalName', name, isDNS1123Subdomain(name)));
  return errors;
}

/**
 * kube's ValidateServiceClusterIPsRelatedFields: clusterIP is clusterIPs[0]; known, distinct IP
 * families and a known policy; valid IPs ("None" only alone), at most one of each family, each of
 * the family ipFamilies names at its index. Allocation checks the same before it defaults anything.
 */
export function clusterIpsRelatedErrors(spec: JsonObject): FieldError[] {
  if (spec.type === 'ExternalName') return [];
  const errors: FieldError[] = [];
  const clusterIP = stringOf(spec.clusterIP);
  const clusterIPs = stringsOf(spec.clusterIPs);
  const families = stringsOf(spec.ipFamilies);
  if (clusterIP !== '') {
    if (clusterIPs.length === 0) errors.push(fieldRequired('spec.clusterIPs'));
    else if (clusterIPs[0] !== clusterIP) errors.push(fieldInvalid('spec.clusterIPs', clusterIPs, 'first value must match `clusterIP`'));
  } else if (clusterIPs.length > 0) errors.push(fieldInvalid('spec.clusterIPs', clusterIPs, 'must be empty when `clusterIP` is not specified'));
  const seen = new Set<string>();
  families.forEach((family, i) => {
    if (!ipFamilies.includes(family)) errors.push(fieldNotSupported(`spec.ipFamilies[${i}]`, family, ipFamilies));
    if (seen.has(family)) errors.push(fieldDuplicate(`spec.ipFamilies[${i}]`, family));
    seen.add(family);
  });
  const policy = ipFamilyPolicyValue(spec);
  if (policy !== null && !ipFamilyPolicies.includes(policy as string)) errors.push(fieldNotSupported('spec.ipFamilyPolicy', policy, ipFamilyPolicies));
  let invalidIps = false;
  clusterIPs.forEach((ip, i) => {
    if (i === 0 && ip === 'None') {
      if (clusterIPs.length > 1) {
        invalidIps = true;
        errors.push(fieldInvalid('spec.clusterIPs', clusterIPs, "'None' must be the first and only value"));
      }
      return;
    }
    const messages = legacyIpErrors(ip);
    if (messages.length > 0) invalidIps = true;
    errors.push(...invalidEach(`spec.clusterIPs[${i}]`, ip, messages));
  });
  if (clusterIPs.length > 2) errors.push(fieldInvalid('spec.clusterIPs', clusterIPs, 'may only hold up to 2 values'));
  // A bad IP would make the checks below report nonsense.
  if (invalidIps) return errors;
  const ipFamiliesOf = clusterIPs.map(familyOfAddress);
  if (clusterIPs.length > 1 && !(ipFamiliesOf.includes('IPv4') && ipFamiliesOf.includes('IPv6'))) {
    errors.push(fieldInvalid('spec.clusterIPs', clusterIPs, 'may specify no more than one IP for each IP family'));
  }
  if (!isHeadless(spec)) {
    clusterIPs.slice(0, families.length).forEach((ip, i) => {
      const family = families[i];
      if ((family === 'IPv4' || family === 'IPv6') && ipFamiliesOf[i] !== family) {
        errors.push(fieldInvalid(`spec.clusterIPs[${i}]`, ip, `expected an ${family} value as indicated by \`ipFamilies[${i}]\``));
      }
    });
  }
  return errors;
}

/** kube's checks of an update before those of the new Service: its cluster IPs and IP families may grow or shrink, not change. */
export function serviceUpdateErrors(next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] {
  const spec = objectOf(next.spec);
  const oldSpec = objectOf(old.spec);
  if (spec.type === 'ExternalName' || oldSpec.type === 'ExternalName') return objectErrors;
  return [...clusterIpsUpdateErrors(spec, oldSpec), ...ipFamiliesUpdateErrors(spec, oldSpec), ...objectErrors];
}

const policyMessage = (released: string): string => `must be set to 'SingleStack' when releasing the secondary ${released}`;

function clusterIpsUpdateErrors(spec: JsonObject, oldSpec: JsonObject): FieldError[] {
  if (isHeadless(spec) && isHeadless(oldSpec)) return [];
  const ips = stringsOf(spec.clusterIPs);
  const oldIps = stringsOf(oldSpec.clusterIPs);
  const changed = (i: number): FieldError => fieldInvalid(`spec.clusterIPs[${i}]`, clusterIpsValue(spec), 'may not change once set');
  if (ips.length === oldIps.length) return oldIps.flatMap((ip, i) => (ip === ips[i] ? [] : [changed(i)]));
  const errors: FieldError[] = [];
  if (ips.length < oldIps.length) {
    if (ips.length === 0) errors.push(fieldInvalid('spec.clusterIPs[0]', clusterIpsValue(spec), 'primary clusterIP can not be unset'));
    if (ips.length > 0 && ips[0] !== oldIps[0]) errors.push(changed(0));
    if (ips.length === 1 && spec.ipFamilyPolicy !== 'SingleStack') errors.push(fieldInvalid('spec.ipFamilyPolicy', ipFamilyPolicyValue(spec), policyMessage('clusterIP')));
  } else if (oldIps.length > 0 && ips[0] !== oldIps[0]) errors.push(changed(0));
  return errors;
}

// kube quotes the cluster IPs where it says a primary IP family changed, and looks at the cluster
// IPs to tell whether the primary family went.
function ipFamiliesUpdateErrors(spec: JsonObject, oldSpec: JsonObject): FieldError[] {
  if (isHeadless(spec) || isHeadless(oldSpec)) return [];
  const families = stringsOf(spec.ipFamilies);
  const oldFamilies = stringsOf(oldSpec.ipFamilies);
  if (families.length === oldFamilies.length) {
    return oldFamilies.flatMap((family, i) => (family === families[i] ? [] : [fieldInvalid('spec.ipFamilies[0]', ipFamiliesValue(spec), 'may not change once set')]));
  }
  const primaryChanged = families.length > 0 && oldFamilies.length > 0 && families[0] !== oldFamilies[0];
  const errors: FieldError[] = [];
  if (families.length < oldFamilies.length) {
    if (stringsOf(spec.clusterIPs).length === 0) errors.push(fieldInvalid('spec.ipFamilies[0]', ipFamiliesValue(spec), 'primary ipFamily can not be unset'));
    if (primaryChanged) errors.push(fieldInvalid('spec.ipFamilies[0]', clusterIpsValue(spec), 'may not change once set'));
    if (families.length === 1 && spec.ipFamilyPolicy !== 'SingleStack') errors.push(fieldInvalid('spec.ipFamilyPolicy', ipFamilyPolicyValue(spec), policyMessage('ipFamily')));
  } else if (primaryChanged) errors.push(fieldInvalid('spec.ipFamilies[0]', clusterIpsValue(spec), 'may not change once set'));
  return errors;
}
