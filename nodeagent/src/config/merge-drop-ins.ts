// The drop-in directory (--config-dir) merged onto the base configuration as the kubelet merges it
// (mergeKubeletConfigurations): the directory is walked depth first in lexical order, files whose
// extension is ".conf" are decoded and applied in turn to the base's JSON as JSON merge patches
// (RFC 7386), every other file is skipped. A merge patch gives the four rules of the kubelet's
// documentation: scalars and embedded structs merge field by field, lists are replaced whole,
// maps of scalars merge key by key, and maps of string lists replace the list of each key.
// A null removes a field, which then gets its default again.

import { lstatSync, readdirSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { isObject } from './check-fields.ts';
import { recordSources, type ConfigurationSources } from './configuration-sources.ts';
import { ConfigurationFileError, decodeConfigurationFile, goFileError } from './decode-configuration-file.ts';
import { kubeletConfigurationStruct } from './kubelet-configuration-fields.ts';

export const dropInExtension = '.conf';

export interface DropInMerge {
  /** The base with every drop-in applied (not yet defaulted again). */
  readonly merged: Record<string, unknown>;
  /** The drop-ins applied, in order, as the walk named them. */
  readonly applied: readonly string[];
  /** The files skipped for their extension (the kubelet logs them at verbosity 4). */
  readonly skipped: readonly string[];
}

/** Thrown with the kubelet's message when the directory cannot be walked or a drop-in is invalid. */
export class DropInError extends Error {
  override name = 'DropInError';
}

/**
 * Applies the drop-ins of `directory` (relative to `cwd`) to `base`. `checkDropIn` may refuse a
 * decoded drop-in (e.g. its feature gates) by returning the reason. Sources of the fields each
 * drop-in sets are recorded, named as the walk names the files (under `directory` as given).
 */
export function mergeDropIns(
  base: Readonly<Record<string, unknown>>,
  directory: string,
  sources: ConfigurationSources,
  checkDropIn: (fields: Readonly<Record<string, unknown>>) => string | undefined = () => undefined,
  cwd = process.cwd(),
): DropInMerge {
  const walkFailure = (reason: string): DropInError =>
    new DropInError(`failed to merge kubelet configs: failed to walk through kubelet dropin directory ${JSON.stringify(directory)}: ${reason}`);
  let merged: Record<string, unknown> = structuredClone(base);
  const applied: string[] = [];
  const skipped: string[] = [];

  const visitFile = (path: string): void => {
    if (extname(path) !== dropInExtension) {
      skipped.push(path);
      return;
    }
    let fields: Record<string, unknown>;
    try {
      fields = decodeConfigurationFile(resolve(cwd, path), 'drop-in');
    } catch (error) {
      if (!(error instanceof ConfigurationFileError)) throw error;
      const reason = error.groupVersionKind === undefined ? `, error: ${error.message}` : `, ${error.message}`;
      throw walkFailure(`failed to load kubelet dropin file, path: ${path}${reason}`);
    }
    const refused = checkDropIn(fields);
    if (refused !== undefined) throw walkFailure(`failed to load kubelet dropin file, path: ${path}, error: ${refused}`);
    merged = mergeObject(merged, fields);
    recordSources(sources, fields, kubeletConfigurationStruct, path);
    applied.push(path);
  };

  // Symbolic links are not followed into directories: a link is visited as a file, as WalkDir does.
  const visit = (path: string): void => {
    let isDirectory: boolean;
    try {
      isDirectory = lstatSync(resolve(cwd, path)).isDirectory();
    } catch (error) {
      throw walkFailure(goFileError(error, path, 'lstat'));
    }
    if (!isDirectory) {
      visitFile(path);
      return;
    }
    let names: string[];
    try {
      names = readdirSync(resolve(cwd, path));
    } catch (error) {
      throw walkFailure(goFileError(error, path));
    }
    // filepath.WalkDir visits entries sorted by name, byte-wise.
    for (const name of names.sort(byteOrder)) visit(join(path, name));
  };

  visit(directory);
  return { merged, applied, skipped };
}

/** RFC 7386: objects merge member by member, null removes, anything else replaces. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  return isObject(patch) ? mergeObject(target, patch) : structuredClone(patch);
}

/** A merge patch that is an object, applied: the result is an object too. */
function mergeObject(target: unknown, patch: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete result[name];
    else result[name] = applyMergePatch(result[name], value);
  }
  return result;
}

function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
