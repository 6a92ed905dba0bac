// JSON patch (RFC 6902, application/json-patch+json): a list of add, remove, replace, move, copy
// and test operations on JSON pointers (RFC 6901), applied in order to a copy of the document.

import { cloneJson } from '@capstan/common';
import { isDeepStrictEqual } from 'node:util';
import { isPlainObject } from './merge-patch.ts';

export class JsonPatchError extends Error {
  override name = 'JsonPatchError';
}

/** A test operation whose value differs (kube's mutating policies treat it as no patch at all). */
export class JsonPatchTestFailed extends JsonPatchError {
  override name = 'JsonPatchTestFailed';
}

type Container = Record<string, unknown> | unknown[];

export function applyJsonPatch(document: unknown, patch: unknown): unknown {
  if (!Array.isArray(patch)) throw new JsonPatchError('json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  let root = cloneJson(document);
  for (const operation of patch) {
    if (!isPlainObject(operation)) throw new JsonPatchError('invalid operation: not an object');
    const op = operation.op;
    const path = pointerOf(operation, 'path');
    switch (op) {
      case 'add':
        root = add(root, path, valueOf(operation));
        break;
      case 'remove':
        root = remove(root, path);
        break;
      case 'replace':
        root = remove(root, path, 'replace');
        root = add(root, path, valueOf(operation));
        break;
      case 'move': {
        const from = pointerOf(operation, 'from');
        const value = read(root, from, 'move');
        root = remove(root, from, 'move');
        root = add(root, path, value);
        break;
      }
      case 'copy':
        root = add(root, path, cloneJson(read(root, pointerOf(operation, 'from'), 'copy')));
        break;
      case 'test':
        if (!isDeepStrictEqual(read(root, path, 'test'), valueOf(operation))) throw new JsonPatchTestFailed(`testing value ${operation.path} failed: test failed`);
        break;
      default:
        throw new JsonPatchError(`Unexpected kind: ${String(op)}`);
    }
  }
  return root;
}

function pointerOf(operation: Record<string, unknown>, field: 'path' | 'from'): string[] {
  const pointer = operation[field];
  if (typeof pointer !== 'string') throw new JsonPatchError(`operation missing "${field}" string`);
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new JsonPatchError(`invalid JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function valueOf(operation: Record<string, unknown>): unknown {
  if (!('value' in operation)) throw new JsonPatchError(`operation ${String(operation.op)} missing "value"`);
  return cloneJson(operation.value);
}

function parentOf(root: unknown, path: readonly string[], op: string): Container {
  let node = root;
  for (const token of path.slice(0, -1)) {
    if (Array.isArray(node)) node = node[arrayIndex(node, token, false, op)];
    else if (isPlainObject(node) && Object.hasOwn(node, token)) node = node[token];
    else throw missing(op, path);
  }
  if (!Array.isArray(node) && !isPlainObject(node)) throw missing(op, path);
  return node;
}

function arrayIndex(array: readonly unknown[], token: string, forAdd: boolean, op: string): number {
  if (forAdd && token === '-') return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new JsonPatchError(`${op} operation: invalid array index: ${token}`);
  const index = Number(token);
  if (index > array.length || (!forAdd && index === array.length)) throw new JsonPatchError(`${op} operation: index out of bounds: ${index}`);
  return index;
}

function read(root: unknown, path: readonly string[], op: string): unknown {
  if (path.length === 0) return root;
  const parent = parentOf(root, path, op);
  const last = path[path.length - 1] as string;
  if (Array.isArray(parent)) return parent[arrayIndex(parent, last, false, op)];
  if (!Object.hasOwn(parent, last)) throw missing(op, path);
  return parent[last];
}

function add(root: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const parent = parentOf(root, path, 'add');
  const last = path[path.length - 1] as string;
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, true, 'add'), 0, value);
  else parent[last] = value;
  return root;
}

function remove(root: unknown, path: readonly string[], op = 'remove'): unknown {
  if (path.length === 0) return null;
  const parent = parentOf(root, path, op);
  const last = path[path.length - 1] as string;
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, false, op), 1);
  else if (Object.hasOwn(parent, last)) delete parent[last];
  else throw missing(op, path);
  return root;
}

/** evanphx/json-patch v4's words (kube's admission webhooks show them): the path quoted, then ErrMissing's. */
const missing = (op: string, path: readonly string[]): JsonPatchError =>
  new JsonPatchError(`${op} operation does not apply: doc is missing path: "/${path.map((t) => t.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}": missing value`);
