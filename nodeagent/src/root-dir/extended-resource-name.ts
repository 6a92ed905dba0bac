// Whether a resource name may be advertised by a device plugin (v1helper.IsExtendedResourceName):
// a domain-prefixed name outside kubernetes.io, not starting with "requests.", that stays a valid
// qualified name once quota's "requests." prefix is added.

import { isQualifiedName } from '@capstan/common';

export function isExtendedResourceName(name: string): boolean {
  const native = !name.includes('/') || name.includes('kubernetes.io/');
  if (native || name.startsWith('requests.')) return false;
  return isQualifiedName(`requests.${name}`).length === 0;
}
