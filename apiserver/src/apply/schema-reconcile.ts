// Managed sets written under an older schema, made to fit the current one (structured-merge-diff's
// ReconcileFieldSetWithSchema): a field that became atomic is owned whole by whoever owned any of
// it; a field that became granular stays owned as the single field it was (its manager owns none
// of its new children until it applies them).

import { FieldSet } from './field-set.ts';
import { isAtomic, type SchemaNode, type SchemaNodes } from './schema-nodes.ts';

/** The set fitted to the schema, or the set itself when it already fits. */
export function reconcileWithSchema(set: FieldSet, node: SchemaNode, nodes: SchemaNodes): FieldSet {
  return fits(set, node, nodes) ? set : refit(set, node, nodes);
}

function childNode(node: SchemaNode, element: string, nodes: SchemaNodes): SchemaNode {
  if (node.kind === 'list') return node.items();
  if (element.startsWith('f:')) return nodes.fieldOf(node, element.slice(2)) ?? { kind: 'deduced' };
  return { kind: 'deduced' };
}

function fits(set: FieldSet, node: SchemaNode, nodes: SchemaNodes): boolean {
  if (set.children.size === 0) return true;
  if (isAtomic(node)) return false;
  for (const [element, child] of set.children) if (!fits(child, childNode(node, element, nodes), nodes)) return false;
  return true;
}

function refit(set: FieldSet, node: SchemaNode, nodes: SchemaNodes): FieldSet {
  const result = new FieldSet();
  if (isAtomic(node) && set.children.size > 0) {
    result.member = true;
    return result;
  }
  result.member = set.member;
  for (const [element, child] of set.children) result.setChild(element, refit(child, childNode(node, element, nodes), nodes));
  return result;
}
