// Strategic merge patch (application/strategic-merge-patch+json), as kube-apiserver applies it to
// a built-in kind: a JSON merge patch whose lists merge by the declared patchStrategy and
// patchMergeKey, with the directives $patch (replace, delete, merge), $retainKeys,
// $deleteFromPrimitiveList/<field> and $setElementOrder/<field>. Where kube's result depends on an
// order (new list items, deduplication), this follows kube's: the order of the patch, then of the
// live list, items the live list lacks placed before the live items that follow them.

import { cloneJson, goValue } from '@capstan/common';
import type { PatchStrategy, Schema, TypeLookup } from '@capstan/common/schema';
import { isPlainObject } from './merge-patch.ts';

type JsonMap = Record<string, unknown>;

/** Why a patch could not be applied, and the status kube answers it with. */
export class StrategicMergePatchError extends Error {
  override name = 'StrategicMergePatchError';
  /** 400 for a malformed directive, 422 for what kube cannot merge, 500 for the rest (kube's default). */
  readonly code: 400 | 422 | 500;
  constructor(message: string, code: 400 | 422 | 500) {
    super(message);
    this.code = code;
  }
}

const directiveMarker = '$patch';
const retainKeysDirective = '$retainKeys';
const deleteFromPrimitiveListPrefix = '$deleteFromPrimitiveList';
const setElementOrderPrefix = '$setElementOrder';

const badPrimitiveList = () => new StrategicMergePatchError('invalid patch format of primitive list', 400);
const badRetainKeys = () => new StrategicMergePatchError('invalid patch format of retainKeys', 400);
const badSetElementOrder = () => new StrategicMergePatchError('invalid patch format of setElementOrder list', 400);
const noMergeKey = (item: JsonMap, mergeKey: string) => new StrategicMergePatchError(`map: ${goValue(item)} does not contain declared merge key: ${mergeKey}`, 500);
const badPatchType = (directive: unknown, map: JsonMap) => new StrategicMergePatchError(`unknown patch type: ${goValue(directive)} in map: ${goValue(map)}`, 500);

/** How a field merges: its value's schema, and its patch strategy and merge key when declared. */
interface PatchMeta {
  readonly schema: Schema | undefined;
  readonly strategy: string;
  readonly mergeKey: string;
}

/** Applies `patch` to `original` (neither is changed) read as the declared type `typeName`. */
export function applyStrategicMergePatch(original: unknown, patch: unknown, typeName: string, lookup: TypeLookup): JsonMap {
  if (!isPlainObject(patch)) throw new StrategicMergePatchError('invalid JSON document', 400);
  const target = isPlainObject(original) ? cloneJson(original) : {};
  return new Merger(lookup).mergeMap(target, cloneJson(patch), { type: 'ref', name: typeName });
}

class Merger {
  private readonly lookup: TypeLookup;
  constructor(lookup: TypeLookup) {
    this.lookup = lookup;
  }

  mergeMap(original: JsonMap, patch: JsonMap, schema: Schema | undefined): JsonMap {
    if (Object.hasOwn(patch, directiveMarker)) return directiveResult(patch);
    applyRetainKeys(original, patch);
    this.mergeOrderedLists(original, patch, schema);
    for (const [patchKey, patchValue] of Object.entries(patch)) {
      let key = patchKey;
      const deleteList = patchKey.startsWith(deleteFromPrimitiveListPrefix);
      if (deleteList) key = directiveTarget(patchKey, deleteFromPrimitiveListPrefix, badPrimitiveList);
      if (patchValue === null) {
        delete original[key];
        continue;
      }
      if (!Object.hasOwn(original, key)) {
        original[key] = patchValue;
        continue;
      }
      const current = original[key];
      if (kindOf(current) !== kindOf(patchValue)) {
        original[key] = patchValue;
        continue;
      }
      const meta = this.fieldMeta(schema, key);
      // Both are of one kind here: maps with maps, lists with lists.
      if (isPlainObject(current) && isPlainObject(patchValue)) original[key] = meta.strategy === 'replace' ? patchValue : this.mergeMap(current, patchValue, meta.schema);
      else if (Array.isArray(current) && Array.isArray(patchValue)) original[key] = this.mergeListField(current, patchValue, meta, deleteList);
      else original[key] = patchValue;
    }
    return original;
  }

  /** $setElementOrder/<field>: merges the list it orders now, and orders the result by it. */
  private mergeOrderedLists(original: JsonMap, patch: JsonMap, schema: Schema | undefined): void {
    for (const [directiveKey, order] of Object.entries(patch)) {
      if (!directiveKey.startsWith(setElementOrderPrefix)) continue;
      delete patch[directiveKey];
      if (!Array.isArray(order)) throw new StrategicMergePatchError(`expected a []interface {}, but received a ${goTypeName(order)}`, 500);
      const key = directiveTarget(directiveKey, setElementOrderPrefix, badSetElementOrder);
      const meta = this.fieldMeta(schema, key);
      const live = original[key];
      const patchList = patch[key];
      if (live !== undefined && !Array.isArray(live)) throw new StrategicMergePatchError(`expected a []interface {}, but received a ${goTypeName(live)}`, 500);
      if (patchList !== undefined && !Array.isArray(patchList)) throw new StrategicMergePatchError(`expected a []interface {}, but received a ${goTypeName(patchList)}`, 500);
      checkOrderAgainstPatch(patchList ?? [], order, meta.mergeKey);
      let merged: unknown[];
      if (live !== undefined && patchList !== undefined) merged = this.mergeListField(live, patchList, meta, false);
      else if (live !== undefined) merged = live;
      else if (patchList !== undefined) merged = patchList;
      else continue;
      const inOrder = (item: unknown) => indexIn(order, item, meta.mergeKey) >= 0;
      original[key] = normalizeOrder(
        merged.filter(inOrder),
        merged.filter((item) => !inOrder(item)),
        order,
        live ?? [],
        meta.mergeKey,
      );
      delete patch[key];
    }
  }

  private mergeListField(original: unknown[], patch: unknown[], meta: PatchMeta, deleteList: boolean): unknown[] {
    if (meta.strategy !== 'merge') return patch;
    const items = meta.schema?.type === 'list' ? meta.schema.items : undefined;
    return this.mergeList(original, patch, items, meta.mergeKey, deleteList);
  }

  private mergeList(original: unknown[], patch: unknown[], items: Schema | undefined, mergeKey: string, deleteList: boolean): unknown[] {
    if (original.length === 0 && patch.length === 0) return original;
    const elementKind = listElementKind(original, patch);
    if (elementKind !== 'map') {
      if (deleteList) return original.filter((item) => !patch.includes(item));
      const merged = deduplicate([...original, ...patch]);
      const inPatch = (item: unknown) => patch.includes(item);
      return normalizeOrder(
        merged.filter(inPatch),
        merged.filter((item) => !inPatch(item)),
        patch,
        original,
        '',
      );
    }
    if (mergeKey === '') throw new StrategicMergePatchError(`cannot merge lists without merge key for type ${items?.type === 'ref' ? 'struct' : 'map'}`, 500);
    // Every item is a map here, so the filters keep them all.
    const special = this.withoutSpecialElements(original.filter(isPlainObject), patch.filter(isPlainObject), mergeKey);
    const live = special.live;
    const merged = [...live];
    for (const item of special.patch) {
      if (!Object.hasOwn(item, mergeKey)) throw noMergeKey(item, mergeKey);
      const at = merged.findIndex((candidate) => candidate[mergeKey] === item[mergeKey]);
      const match = merged[at];
      if (match !== undefined) merged[at] = this.mergeMap(match, item, items);
      else merged.push(item);
    }
    const inPatch = (item: JsonMap) => indexIn(special.patch, item, mergeKey) >= 0;
    return normalizeOrder(
      merged.filter(inPatch),
      merged.filter((item) => !inPatch(item)),
      special.patch,
      live,
      mergeKey,
    );
  }

  /** Items of a merging list that carry $patch: delete removes live items, replace drops the live list. */
  private withoutSpecialElements(original: JsonMap[], patch: JsonMap[], mergeKey: string): { live: JsonMap[]; patch: JsonMap[] } {
    let live = original;
    const plain: JsonMap[] = [];
    let replace = false;
    for (const item of patch) {
      if (!Object.hasOwn(item, directiveMarker)) {
        plain.push(item);
        continue;
      }
      switch (item[directiveMarker]) {
        case 'delete':
          if (!Object.hasOwn(item, mergeKey)) throw noMergeKey(item, mergeKey);
          live = live.filter((candidate) => !(isPlainObject(candidate) && candidate[mergeKey] === item[mergeKey]));
          break;
        case 'replace':
          replace = true;
          break;
        case 'merge':
          throw new StrategicMergePatchError('merging lists cannot yet be specified in the patch', 500);
        default:
          throw badPatchType(item[directiveMarker], item);
      }
    }
    return replace ? { live: plain, patch: [] } : { live, patch: plain };
  }

  private fieldMeta(schema: Schema | undefined, key: string): PatchMeta {
    if (schema?.type === 'map') return { schema: schema.values, strategy: '', mergeKey: '' };
    if (schema?.type !== 'ref') return { schema: undefined, strategy: '', mergeKey: '' };
    const declaration = this.lookup(schema.name);
    const field = declaration?.kind === 'struct' && Object.hasOwn(declaration.fields, key) ? declaration.fields[key] : undefined;
    if (field === undefined) return { schema: undefined, strategy: '', mergeKey: '' };
    return { schema: field.schema, strategy: strategyOf(field.patchStrategy), mergeKey: field.patchMergeKey ?? '' };
  }
}

/** The strategy besides retainKeys, which only the $retainKeys directive acts on. */
function strategyOf(strategy: PatchStrategy | undefined): string {
  if (strategy === undefined || strategy === 'retainKeys') return '';
  return strategy === 'merge,retainKeys' ? 'merge' : strategy;
}

function directiveResult(patch: JsonMap): JsonMap {
  const directive = patch[directiveMarker];
  if (directive === 'replace') {
    delete patch[directiveMarker];
    return patch;
  }
  if (directive === 'delete') return {};
  throw badPatchType(directive, patch);
}

/** $retainKeys: the live keys it does not list go; the patch may set only keys it lists. */
function applyRetainKeys(original: JsonMap, patch: JsonMap): void {
  if (!Object.hasOwn(patch, retainKeysDirective)) return;
  const retained = patch[retainKeysDirective];
  delete patch[retainKeysDirective];
  if (!Array.isArray(retained)) throw badRetainKeys();
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || key.startsWith(deleteFromPrimitiveListPrefix) || key.startsWith(setElementOrderPrefix)) continue;
    if (!retained.includes(key)) throw badRetainKeys();
  }
  for (const key of Object.keys(original)) if (!retained.includes(key)) delete original[key];
}

function directiveTarget(key: string, prefix: string, malformed: () => StrategicMergePatchError): string {
  const slash = key.indexOf('/');
  if (slash < 0 || key.slice(0, slash) !== prefix) throw malformed();
  return key.slice(slash + 1);
}

/** The patch list's items (deletions aside) must appear in $setElementOrder, in the same order. */
function checkOrderAgainstPatch(patchList: readonly unknown[], order: readonly unknown[], mergeKey: string): void {
  if (order.length === 0 || patchList.length === 0) return;
  const kept = mergeKey === '' ? patchList : patchList.filter((item) => !(isPlainObject(item) && item[directiveMarker] === 'delete'));
  let at = 0;
  for (const entry of order) {
    while (at < kept.length && isDirective(kept[at])) at++;
    if (at >= kept.length) return;
    if (sameItem(kept[at], entry, mergeKey, true)) at++;
  }
  while (at < kept.length && isDirective(kept[at])) at++;
  if (at < kept.length) {
    throw new StrategicMergePatchError(`The order in patch list:\n${goValue(patchList)}\n doesn't match ${setElementOrderPrefix} list:\n${goValue(order)}\n`, 500);
  }
}

const isDirective = (item: unknown): boolean => isPlainObject(item) && Object.hasOwn(item, directiveMarker);

/**
 * kube's order of a merged list: the patch's items in `patchOrder`, the live-only items in
 * `liveOrder`, interleaved so that a live item comes first only while it precedes, in the live
 * list, the patch item it is compared with.
 */
function normalizeOrder(patchItems: unknown[], liveOnly: unknown[], patchOrder: readonly unknown[], liveOrder: readonly unknown[], mergeKey: string): unknown[] {
  const byPatch = sortBy(patchItems, patchOrder, mergeKey);
  const byLive = sortBy(liveOnly, liveOrder, mergeKey);
  const result: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < byLive.length || j < byPatch.length) {
    if (j >= byPatch.length) result.push(byLive[i++]);
    else if (i >= byLive.length) result.push(byPatch[j++]);
    else {
      const left = indexIn(liveOrder, byLive[i], mergeKey);
      const right = indexIn(liveOrder, byPatch[j], mergeKey);
      if (left >= 0 && right >= 0 && left < right) result.push(byLive[i++]);
      else result.push(byPatch[j++]);
    }
  }
  return result;
}

function sortBy(items: unknown[], order: readonly unknown[], mergeKey: string): unknown[] {
  if (mergeKey !== '') for (const item of [...items, ...order]) if (isPlainObject(item) && !Object.hasOwn(item, mergeKey)) throw noMergeKey(item, mergeKey);
  const deletions = items.filter((item) => isPlainObject(item) && item[directiveMarker] === 'delete');
  const kept = items.filter((item) => !deletions.includes(item));
  const ranked = kept.map((item, at) => ({ item, at, rank: indexIn(order, item, mergeKey) }));
  ranked.sort((a, b) => (a.rank >= 0 && b.rank >= 0 ? a.rank - b.rank : a.at - b.at));
  return [...ranked.map(({ item }) => item), ...deletions];
}

function indexIn(list: readonly unknown[], item: unknown, mergeKey: string): number {
  return list.findIndex((candidate) => sameItem(candidate, item, mergeKey, false));
}

function sameItem(a: unknown, b: unknown, mergeKey: string, strict: boolean): boolean {
  if (mergeKey === '') return a === b;
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  if (strict && !Object.hasOwn(a, mergeKey)) throw noMergeKey(a, mergeKey);
  if (strict && !Object.hasOwn(b, mergeKey)) throw noMergeKey(b, mergeKey);
  return a[mergeKey] === b[mergeKey];
}

/** Scalars once each, in the order first seen. */
function deduplicate(items: readonly unknown[]): unknown[] {
  const seen: unknown[] = [];
  for (const item of items) if (!seen.includes(item)) seen.push(item);
  return seen;
}

type ValueKind = 'map' | 'list' | 'scalar';

function kindOf(value: unknown): ValueKind | 'string' | 'number' | 'boolean' {
  if (isPlainObject(value)) return 'map';
  if (Array.isArray(value)) return 'list';
  return typeof value as 'string' | 'number' | 'boolean';
}

/** All items of both lists must be of one kind, and not lists (kube checks the first item for that). */
function listElementKind(original: readonly unknown[], patch: readonly unknown[]): ValueKind {
  let kind: ReturnType<typeof kindOf> | undefined;
  for (const item of [...original, ...patch]) {
    const itemKind = kindOf(item);
    if (kind === undefined && itemKind === 'list') throw new StrategicMergePatchError('lists of lists are not supported', 422);
    if (kind !== undefined && kind !== itemKind) throw new StrategicMergePatchError(`list element types are not identical: ${goValue([original, patch])}`, 500);
    kind = itemKind;
  }
  return kind === 'map' ? 'map' : 'scalar';
}

function goTypeName(value: unknown): string {
  if (isPlainObject(value)) return 'map[string]interface {}';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'float64';
  if (typeof value === 'boolean') return 'bool';
  return '%!s(<nil>)';
}
