// kube's validateSysctls (part of ValidatePodSecurityContext): each of a pod's sysctls is named,
// the name is a sysctl name (segments joined by "." or "/", at most 253 characters), not repeated,
// and a sysctl of the network or IPC namespace is not set for a pod that shares the host's.

import { fieldDuplicate, fieldInvalid, fieldRequired, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { objectOf, objectsAt, stringOf } from '../defaulting/json-fields.ts';

const maxSysctlNameLength = 253;
const sysctlName = /^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$/;
/** The pattern as Go prints it in the message. */
const sysctlPattern = '^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$';

/** The errors of spec.securityContext.sysctls of a pod spec at `path`. */
export function sysctlErrors(spec: JsonObject, path: string): FieldError[] {
  const securityContext = objectOf(spec.securityContext);
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  objectsAt(securityContext, 'sysctls').forEach((sysctl, i) => {
    const field = `${path}.securityContext.sysctls[${i}].name`;
    const name = stringOf(sysctl.name);
    if (name === '') errors.push(fieldRequired(field));
    else if (name.length > maxSysctlNameLength || !sysctlName.test(name)) {
      errors.push(fieldInvalid(field, name, `must have at most ${maxSysctlNameLength} characters and match regex ${sysctlPattern}`));
    } else if (seen.has(name)) errors.push(fieldDuplicate(field, name));
    const namespace = namespaceOf(name);
    if (spec.hostNetwork === true && namespace === 'Net') errors.push(fieldInvalid(field, name, "may not be specified when 'hostNetwork' is true"));
    else if (spec.hostIPC === true && namespace === 'IPC') errors.push(fieldInvalid(field, name, "may not be specified when 'hostIPC' is true"));
    seen.add(name);
  });
  return errors;
}

const ipcSysctls: ReadonlySet<string> = new Set([
  'kernel.sem',
  'kernel.shmall',
  'kernel.shmmax',
  'kernel.shmmni',
  'kernel.shm_rmid_forced',
  'kernel.shm',
  'kernel.msgmax',
  'kernel.msgmnb',
  'kernel.msgmni',
  'kernel.msg',
]);

/** The Linux namespace a sysctl belongs to (component-helpers' GetNamespace); "" when none is known. */
function namespaceOf(sysctl: string): 'Net' | 'IPC' | '' {
  let name = normalizedSysctlName(sysctl);
  const wildcard = name.indexOf('*');
  if (wildcard !== -1) name = name.slice(0, wildcard);
  if (ipcSysctls.has(name)) return 'IPC';
  if (name.startsWith('net.')) return 'Net';
  if (name.startsWith('fs.mqueue.')) return 'IPC';
  return '';
}

/** A name whose first separator is "/" ("net/ipv4/conf/eno2.100/rp_filter") with "." and "/" swapped. */
function normalizedSysctlName(name: string): string {
  const first = name.search(/[./]/);
  if (first === -1 || name[first] === '.') return name;
  return name.replace(/[./]/g, (separator) => (separator === '.' ? '/' : '.'));
}
