// The fieldSelector of a list or watch: metadata.name and metadata.namespace, which every resource
// supports (the per-kind fields such as spec.nodeName come with the schemas).

import { newBadRequest } from '@capstan/common';

/** The name a field selector asks for, if any; = or == only so far. */
export function nameFromFieldSelector(selector: string, namespace: string | undefined): string | undefined {
  if (selector === '') return undefined;
  let name: string | undefined;
  for (const term of selector.split(',')) {
    const match = /^([^=!]+)(==|=)(.*)$/.exec(term.trim());
    if (match === null) throw newBadRequest(`invalid field selector: ${selector}: only = and == are supported so far`);
    const [, field, , value] = match as unknown as [string, string, string, string];
    if (field === 'metadata.name') name = value;
    else if (field === 'metadata.namespace') {
      if (namespace !== undefined && value !== namespace) throw newBadRequest(`field selector ${term} conflicts with the namespace of the request`);
    } else throw newBadRequest(`field label not supported: ${field}`);
  }
  return name;
}
