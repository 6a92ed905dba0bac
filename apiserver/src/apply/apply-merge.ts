// The object server-side apply writes: the live object with the applied configuration merged in
// by the schema (structs, granular maps and associative lists merge; atomic values and scalars
// are replaced; a null in the configuration removes the field), and the removal of the fields an
// applier dropped that nobody else owns.

import type { FieldSet } from './field-set.ts';
import type { SchemaNode, SchemaNodes } from './schema-nodes.ts';
import { childrenOf, isLeaf, listItemElement } from './value-fields.ts';

type JsonMap = Record<string, unknown>;

export function mergeConfiguration(live: unknown, config: unknown, node: SchemaNode, nodes: SchemaNodes): unknown {
  if (config === undefined) return live;
  if (live === undefined || isLeaf(config, node) || isLeaf(live, node)) return config;
  if (node.kind === 'list') return mergeLists(live as unknown[], config as unknown[], node, nodes);
  const merged: JsonMap = { ...(live as JsonMap) };
  for (const child of childrenOf(config, node, nodes)) {
    const key = child.element.slice(2);
    if (child.value === null) delete merged[key];
    else merged[key] = mergeConfiguration(merged[key], child.value, child.node, nodes);
  }
  return merged;
}

/**
 * Associative lists and sets: items of both merge; the configuration's order wins among them,
 * and live-only items keep their place relative to the items around them.
 */
function mergeLists(live: unknown[], config: unknown[], node: SchemaNode & { kind: 'list' }, nodes: SchemaNodes): unknown[] {
  const items = node.items();
  const liveElements = live.map((item, i) => listItemElement(item, i, node));
  const configElements = config.map((item, i) => listItemElement(item, i, node));
  const liveByElement = new Map<string, unknown>();
  liveElements.forEach((element, i) => liveByElement.has(element) || liveByElement.set(element, live[i]));
  const configByElement = new Map<string, unknown>();
  configElements.forEach((element, i) => configByElement.has(element) || configByElement.set(element, config[i]));
  const shared = configElements.filter((element) => liveByElement.has(element));
  let nextShared = shared.shift();
  const emitted = new Set<string>();
  const out: unknown[] = [];
  const emit = (element: string) => {
    emitted.add(element);
    out.push(mergeConfiguration(liveByElement.get(element), configByElement.get(element), items, nodes));
  };
  let l = 0;
  let c = 0;
  while (l < live.length || c < config.length) {
    const liveElement = liveElements[l];
    if (l < live.length && c < config.length) {
      if (liveElement === configElements[c]) {
        emit(liveElement as string);
        l++;
        c++;
        nextShared = shared.shift();
        continue;
      }
      // A shared item that comes later in the configuration's order waits for its turn there.
      if (configByElement.has(liveElement as string) && nextShared !== undefined && nextShared !== liveElement) {
        l++;
        continue;
      }
    }
    if (l < live.length) {
      if (!configByElement.has(liveElement as string)) {
        out.push(live[l]);
        l++;
        continue;
      }
      if (emitted.has(liveElement as string)) {
        l++;
        continue;
      }
    }
    if (c < config.length) {
      const element = configElements[c] as string;
      emit(element);
      c++;
      if (nextShared === element) nextShared = shared.shift();
    }
  }
  return out;
}

/** The value without the items `set` names as members (with all below them). */
export function removeItems(value: unknown, set: FieldSet, node: SchemaNode, nodes: SchemaNodes): unknown {
  if (set.children.size === 0 || isLeaf(value, node)) return value;
  if (node.kind === 'list') {
    const items = node.items();
    const kept: unknown[] = [];
    (value as unknown[]).forEach((item, i) => {
      const child = set.children.get(listItemElement(item, i, node));
      if (child === undefined) kept.push(item);
      else if (!child.member) kept.push(removeItems(item, child, items, nodes));
    });
    return kept;
  }
  const result: JsonMap = { ...(value as JsonMap) };
  for (const child of childrenOf(value, node, nodes)) {
    const childSet = set.children.get(child.element);
    if (childSet === undefined) continue;
    const key = child.element.slice(2);
    if (childSet.member) delete result[key];
    else result[key] = removeItems(child.value, childSet, child.node, nodes);
  }
  return result;
}
