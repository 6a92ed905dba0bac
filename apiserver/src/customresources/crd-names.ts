// kube's CRD naming controller: the names a CRD asks for are accepted unless another CRD of its
// group already holds one of them (a plural, singular or short name as a resource name, a kind or
// list kind as a kind), with kube's reasons and messages; a name in conflict keeps what was
// accepted before, and a name the CRD already holds stays its own.

import { goQuote } from '@capstan/common';
import { objectOf, stringOf, stringsOf } from '../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../registry/object-meta.ts';

export interface NamesDecision {
  readonly acceptedNames: JsonObject;
  readonly condition: { readonly type: 'NamesAccepted'; readonly status: 'True' | 'False'; readonly reason: string; readonly message: string };
}

const inUse = (name: string): string => `${goQuote(name)} is already in use`;

/** The names of `crd` that `others` (the other CRDs of its group) leave free, and the NamesAccepted condition. */
export function decideNames(crd: JsonObject, others: readonly JsonObject[]): NamesDecision {
  const requested = objectOf(objectOf(crd.spec).names);
  const previous = objectOf(objectOf(crd.status).acceptedNames);
  // What the other CRDs of the group hold: resource names (plurals, singulars, short names) and kinds.
  const resources = new Set<string>();
  const kinds = new Set<string>();
  for (const other of others) {
    const names = objectOf(objectOf(other.status).acceptedNames);
    for (const name of [stringOf(names.plural), stringOf(names.singular), ...stringsOf(names.shortNames)]) resources.add(name);
    for (const name of [stringOf(names.kind), stringOf(names.listKind)]) kinds.add(name);
  }
  const accepted: JsonObject = {};
  // Every name is checked; the condition tells the last conflict found, as kube's does.
  let conflict: { reason: string; message: string } | undefined;
  /** kube's equalToAcceptedOrFresh: a name already accepted stays ours; a new one must be free. */
  const fresh = (name: string, acceptedName: unknown, used: ReadonlySet<string>): boolean => name === acceptedName || !used.has(name);
  const take = (field: string, used: ReadonlySet<string>, reason: string): void => {
    const value = stringOf(requested[field]);
    if (fresh(value, previous[field], used)) {
      if (requested[field] !== undefined) accepted[field] = requested[field];
      return;
    }
    conflict = { reason, message: inUse(value) };
    if (previous[field] !== undefined) accepted[field] = previous[field];
  };
  take('plural', resources, 'PluralConflict');
  take('singular', resources, 'SingularConflict');
  if (requested.shortNames !== undefined) {
    const ours = new Set(stringsOf(previous.shortNames));
    const clashes = stringsOf(requested.shortNames).filter((name) => !ours.has(name) && resources.has(name));
    if (clashes.length === 0) accepted.shortNames = requested.shortNames;
    else {
      // utilerrors.NewAggregate: one error as it is, several in brackets.
      const messages = clashes.map(inUse);
      conflict = { reason: 'ShortNamesConflict', message: messages.length === 1 ? (messages[0] ?? '') : `[${messages.join(', ')}]` };
      if (previous.shortNames !== undefined) accepted.shortNames = previous.shortNames;
    }
  }
  take('kind', kinds, 'KindConflict');
  take('listKind', kinds, 'ListKindConflict');
  if (requested.categories !== undefined) accepted.categories = requested.categories;
  // The key order kube's struct writes: plural, singular, shortNames, kind, listKind, categories.
  const ordered: JsonObject = { plural: accepted.plural ?? '' };
  for (const field of ['singular', 'shortNames']) if (accepted[field] !== undefined) ordered[field] = accepted[field];
  ordered.kind = accepted.kind ?? '';
  for (const field of ['listKind', 'categories']) if (accepted[field] !== undefined) ordered[field] = accepted[field];
  const condition =
    conflict === undefined
      ? { type: 'NamesAccepted' as const, status: 'True' as const, reason: 'NoConflicts', message: 'no conflicts found' }
      : { type: 'NamesAccepted' as const, status: 'False' as const, ...conflict };
  return { acceptedNames: ordered, condition };
}
