// kube's field manager: who owns which fields of an object, kept in metadata.managedFields.
// An update (create, PUT, non-apply PATCH) gives its manager what it added or changed and takes
// those fields from the others, never conflicting. An apply merges a configuration into the live
// object, owns exactly the configuration's fields, removes the fields it applied before and no
// longer does when nobody else owns them, and conflicts with other managers over fields whose
// values it changes unless forced. Server-owned metadata is never owned; the fields the request's
// endpoint resets (the status for the main resource, all but the status for /status) neither.

import { metaTime, runInSteps, runToEnd } from '@capstan/common';
import { isPlainObject } from '../patch/merge-patch.ts';
import { mergeConfiguration, removeItems } from './apply-merge.ts';
import { applyConflictError, type Conflict } from './apply-conflicts.ts';
import { FieldSet, fieldElement } from './field-set.ts';
import { decodeManagedFields, encodeManagedFields, identityOf, isManagedFieldsReset, ManagedFieldsError, type ManagerEntry, type Managers } from './managed-fields.ts';
import type { TypeLookup } from '@capstan/common/schema';
import type { SchemaNode, SchemaNodes } from './schema-nodes.ts';
import { reconcileWithSchema } from './schema-reconcile.ts';
import { compareValues, duplicateListEntry, fieldSetOf, withNamedFieldsAsMembers } from './value-fields.ts';
import { zeroValueOf } from './zero-value.ts';

type JsonMap = Record<string, unknown>;

export interface FieldManagerScope {
  readonly nodes: SchemaNodes;
  /** The schema name of the kind's type. */
  readonly typeName: string;
  /** The group/version the request reads and writes the object in. */
  readonly apiVersion: string;
  /** '' for the object itself, or the subresource written ('status', 'scale'). */
  readonly subresource: string;
  /** Whether the kind has a status subresource (then the main resource does not own status). */
  readonly hasStatus: boolean;
  readonly now: () => Date;
}

const lastAppliedAnnotation = 'kubectl.kubernetes.io/last-applied-configuration';
/** The manager kubectl apply --server-side uses, whose first apply may take over client-side apply's fields. */
const kubectlApplier = 'kubectl';

const serverOwnedMetadata = ['name', 'namespace', 'creationTimestamp', 'selfLink', 'uid', 'clusterName', 'generation', 'managedFields', 'resourceVersion'];

/** A set without the server-owned metadata (kube's stripMeta) and the fields the endpoint resets. */
function ownable(set: FieldSet, scope: FieldManagerScope): FieldSet {
  const stripped = withOwnTopLevel(set);
  for (const top of ['apiVersion', 'kind']) stripped.deleteChild(fieldElement(top));
  const liveMetadata = stripped.children.get(fieldElement('metadata'));
  if (liveMetadata !== undefined) {
    const metadata = withOwnTopLevel(liveMetadata);
    metadata.member = false;
    for (const name of serverOwnedMetadata) metadata.deleteChild(fieldElement(name));
    stripped.setChild(fieldElement('metadata'), metadata);
  }
  const status = fieldElement('status');
  if (scope.subresource === 'status') {
    const kept = new FieldSet();
    const statusSet = stripped.children.get(status);
    if (statusSet !== undefined) kept.setChild(status, statusSet);
    return kept;
  }
  if (scope.hasStatus) stripped.deleteChild(status);
  return stripped;
}

/**
 * A node of its own with the subtrees of `set` shared: ownable changes only the top two levels,
 * and a deep copy of 100,000 labels would cost more than the rest of the update.
 */
function withOwnTopLevel(set: FieldSet): FieldSet {
  const result = new FieldSet();
  result.member = set.member;
  for (const [element, child] of set.children) result.setChild(element, child);
  return result;
}

function withoutManagedFields(object: JsonMap): JsonMap {
  if (!isPlainObject(object.metadata) || !('managedFields' in object.metadata)) return object;
  const { managedFields: _managedFields, ...metadata } = object.metadata;
  return { ...object, metadata };
}

function setManagedFields(object: JsonMap, managers: Managers): JsonMap {
  const encoded = encodeManagedFields(managers);
  const { managedFields: _managedFields, ...metadata } = isPlainObject(object.metadata) ? object.metadata : {};
  return { ...object, metadata: encoded.length === 0 ? metadata : { ...metadata, managedFields: encoded } };
}

function readManagers(object: JsonMap | undefined): Managers {
  try {
    return decodeManagedFields(isPlainObject(object?.metadata) ? object.metadata.managedFields : undefined);
  } catch (error) {
    if (error instanceof ManagedFieldsError) return new Map();
    throw error;
  }
}

/** The managers with their sets fitted to the current schema (a field may have become atomic). */
function reconciled(managers: Managers, root: SchemaNode, nodes: SchemaNodes): Managers {
  for (const [identity, entry] of managers) {
    const fields = reconcileWithSchema(entry.fields, root, nodes);
    if (fields !== entry.fields) managers.set(identity, { ...entry, fields });
  }
  return managers;
}

export class FieldManager {
  readonly #scope: FieldManagerScope;
  readonly #root: SchemaNode;

  constructor(scope: FieldManagerScope) {
    this.#scope = scope;
    this.#root = scope.nodes.ofType(scope.typeName);
  }

  /** The schema name of the kind's type, which `lookup` finds. */
  get typeName(): string {
    return this.#scope.typeName;
  }

  /** The lookup of the kind's type and every type it reaches. */
  get lookup(): TypeLookup {
    return this.#scope.nodes.lookup;
  }

  /**
   * The object an update writes, with its managedFields: `live` is the stored object (undefined
   * on create), `next` the object to store, whose managedFields are the request's.
   */
  update(live: JsonMap | undefined, next: JsonMap, manager: string): JsonMap {
    return runToEnd(this.#updateInStages(live, next, manager));
  }

  /**
   * The same update, awaiting `stageBreak` between its stages (the comparison, the sets, the
   * FieldsV1 written): for an object of 100,000 labels they are the longest part of its write.
   */
  async updateWithBreaks(live: JsonMap | undefined, next: JsonMap, manager: string, stageBreak: () => Promise<void> | undefined): Promise<JsonMap> {
    return runInSteps(this.#updateInStages(live, next, manager), stageBreak);
  }

  *#updateInStages(live: JsonMap | undefined, next: JsonMap, manager: string): Generator<void, JsonMap, void> {
    const managers = reconciled(this.#baseManagers(live, next), this.#root, this.#scope.nodes);
    const object = withoutManagedFields(next);
    // kube starts tracking an object on its create, not on a later update of an untracked one.
    if (managers.size === 0 && live !== undefined) return object;
    yield* this.#recordUpdate(managers, live === undefined ? this.#zero() : withoutManagedFields(live), object, manager);
    yield;
    return setManagedFields(object, managers);
  }

  /**
   * The object an apply writes: `config` merged into `live` (undefined when the apply creates
   * it), owned by `manager`; throws kube's 409 on conflicts unless `force`.
   */
  apply(live: JsonMap | undefined, config: JsonMap, manager: string, force: boolean): JsonMap {
    let managers = reconciled(readManagers(live), this.#root, this.#scope.nodes);
    const liveObject = live === undefined ? this.#zero() : withoutManagedFields(live);
    if (managers.size === 0 && live !== undefined) runToEnd(this.#recordUpdate(managers, this.#zero(), liveObject, 'before-first-apply'));
    try {
      return this.#apply(managers, liveObject, config, manager, force);
    } catch (error) {
      if (!(error instanceof ApplyConflicts) || manager !== kubectlApplier) throw error instanceof ApplyConflicts ? applyConflictError(error.conflicts) : error;
      // kubectl's move from client-side apply: conflicts over fields its last-applied annotation
      // holds are taken over.
      const allowed = this.#lastAppliedFields(liveObject);
      const remaining = error.conflicts.filter((conflict) => !allowed.has(JSON.stringify(conflict.path)));
      if (remaining.length > 0) throw applyConflictError(remaining);
      managers = reconciled(readManagers(live), this.#root, this.#scope.nodes);
      if (managers.size === 0 && live !== undefined) runToEnd(this.#recordUpdate(managers, this.#zero(), liveObject, 'before-first-apply'));
      return this.#apply(managers, liveObject, config, manager, true);
    }
  }

  /** What structured-merge-diff refuses in a configuration before merging it, if anything. */
  configurationError(config: JsonMap): string | undefined {
    return duplicateListEntry(config, this.#root, this.#scope.nodes);
  }

  #apply(managers: Managers, liveObject: JsonMap, config: JsonMap, manager: string, force: boolean): JsonMap {
    const { nodes } = this.#scope;
    const identity = identityOf({ manager, operation: 'Apply', apiVersion: this.#scope.apiVersion, subresource: this.#scope.subresource });
    const applied = ownable(fieldSetOf(config, this.#root, nodes), this.#scope);
    const previous = managers.get(identity);
    const lastSet = previous?.fields;
    managers.set(identity, this.#entry(manager, 'Apply', applied));
    let merged = mergeConfiguration(liveObject, config, this.#root, nodes) as JsonMap;
    if (lastSet !== undefined && !lastSet.isEmpty) {
      const owned = [...managers.values()].reduce((set, entry) => set.union(entry.fields), new FieldSet());
      const dropped = withNamedFieldsAsMembers(lastSet, this.#root, nodes).difference(withNamedFieldsAsMembers(owned, this.#root, nodes));
      merged = removeItems(merged, dropped, this.#root, nodes) as JsonMap;
    }
    const comparison = compareValues(liveObject, merged, this.#root, nodes);
    const changed = comparison.added.union(comparison.modified);
    const conflicts: Conflict[] = [];
    for (const [other, entry] of managers) {
      if (other === identity) continue;
      for (const path of entry.fields.intersection(changed).sortedPaths()) conflicts.push({ manager: entry, path });
    }
    if (conflicts.length > 0 && !force) throw new ApplyConflicts(conflicts);
    this.#takeFrom(managers, identity, changed, comparison.removed);
    // An apply that changes nothing keeps its entry's time, so that it writes nothing either.
    const unchanged = changed.isEmpty && comparison.removed.isEmpty;
    if (unchanged && previous !== undefined) managers.set(identity, { ...previous, fields: applied });
    if (isPlainObject(merged.metadata) && manager === kubectlApplier) merged = syncLastApplied(merged, config);
    return setManagedFields(merged, managers);
  }

  /** Fields the update added or changed go to `manager` and leave every other manager. */
  *#recordUpdate(managers: Managers, before: JsonMap, after: JsonMap, manager: string): Generator<void, void, void> {
    const comparison = compareValues(before, after, this.#root, this.#scope.nodes);
    yield;
    // The comparison's sets are this update's own: taken as they are where a union would only copy
    // them (a create adds everything and modifies nothing; a new manager has no previous set).
    const changed = comparison.modified.isEmpty ? comparison.added : comparison.added.union(comparison.modified);
    const taken = ownable(changed, this.#scope);
    const identity = identityOf({ manager, operation: 'Update', apiVersion: this.#scope.apiVersion, subresource: this.#scope.subresource });
    this.#takeFrom(managers, undefined, taken, comparison.removed);
    if (taken.isEmpty) return;
    const previous = managers.get(identity)?.fields;
    managers.set(identity, this.#entry(manager, 'Update', previous === undefined ? taken : previous.union(taken)));
  }

  /** Removes `taken` and `removed` from every manager but `keep`, and drops managers left with nothing. */
  #takeFrom(managers: Managers, keep: string | undefined, taken: FieldSet, removed: FieldSet): void {
    for (const [identity, entry] of managers) {
      if (identity === keep) continue;
      const fields = entry.fields.difference(taken).difference(removed);
      if (fields.isEmpty) managers.delete(identity);
      else managers.set(identity, { ...entry, fields });
    }
  }

  #entry(manager: string, operation: 'Apply' | 'Update', fields: FieldSet): ManagerEntry {
    const time = metaTime(this.#scope.now());
    return { manager, operation, apiVersion: this.#scope.apiVersion, subresource: this.#scope.subresource, time, fields };
  }

  /** Request managedFields replace the live ones when given (one empty entry resets them all). */
  #baseManagers(live: JsonMap | undefined, next: JsonMap): Managers {
    const sent = isPlainObject(next.metadata) ? next.metadata.managedFields : undefined;
    if (this.#scope.subresource === '') {
      if (isManagedFieldsReset(sent)) return new Map();
      try {
        const managers = decodeManagedFields(sent);
        if (managers.size > 0) return managers;
      } catch (error) {
        if (!(error instanceof ManagedFieldsError)) throw error;
      }
    }
    return readManagers(live);
  }

  #zeroValue: JsonMap | undefined;

  /** The kind's Go zero value (shared: nothing here changes it). */
  #zero(): JsonMap {
    return (this.#zeroValue ??= zeroValueOf(this.#scope.typeName, this.#scope.nodes.lookup));
  }

  /**
   * The fields of the client-side apply annotation that still hold the values last applied, as
   * paths printed in conflicts: kube's lastAppliedManager does not take over a field whose live
   * value has changed since (by another writer, or by defaulting, as of an atomic struct such as
   * an admission policy's matchConstraints).
   */
  #lastAppliedFields(live: JsonMap): Set<string> {
    const annotations = isPlainObject(live.metadata) && isPlainObject(live.metadata.annotations) ? live.metadata.annotations : {};
    const text = annotations[lastAppliedAnnotation];
    if (typeof text !== 'string') return new Set();
    try {
      const lastApplied = JSON.parse(text) as unknown;
      const { nodes } = this.#scope;
      const changed = compareValues(lastApplied, live, this.#root, nodes);
      const kept = fieldSetOf(lastApplied, this.#root, nodes).difference(changed.modified).difference(changed.added).difference(changed.removed);
      return new Set([...kept.paths()].map((path) => JSON.stringify(path)));
    } catch {
      return new Set();
    }
  }
}

class ApplyConflicts extends Error {
  readonly conflicts: Conflict[];
  constructor(conflicts: Conflict[]) {
    super('apply conflicts');
    this.conflicts = conflicts;
  }
}

/** kubectl's last-applied annotation, where the object has one, follows a server-side apply by kubectl. */
function syncLastApplied(object: JsonMap, config: JsonMap): JsonMap {
  const metadata = object.metadata;
  if (!isPlainObject(metadata) || !isPlainObject(metadata.annotations) || typeof metadata.annotations[lastAppliedAnnotation] !== 'string') return object;
  const configMetadata = isPlainObject(config.metadata) ? config.metadata : {};
  const { [lastAppliedAnnotation]: _previous, ...configAnnotations } = isPlainObject(configMetadata.annotations) ? configMetadata.annotations : {};
  const { annotations: _annotations, ...withoutAnnotations } = configMetadata;
  const applied = { ...config, metadata: Object.keys(configAnnotations).length === 0 ? withoutAnnotations : { ...configMetadata, annotations: configAnnotations } };
  return { ...object, metadata: { ...metadata, annotations: { ...metadata.annotations, [lastAppliedAnnotation]: JSON.stringify(applied) } } };
}
