// The AdmissionConfiguration of --admission-control-config-file (apiserver.config.k8s.io/v1):
// each plugin's configuration by name, given inline (`configuration`) or in a file of its own
// (`path`, relative to this file). Each plugin reads and checks its own when it is built.

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { errorMessage } from '@capstan/common';
import { parse as parseYaml } from 'yaml';
import { isPlainObject } from '../patch/merge-patch.ts';

/** The plugins' configuration documents by plugin name. */
export type AdmissionConfiguration = ReadonlyMap<string, unknown>;

const configurationGroup = 'apiserver.config.k8s.io';
const configurationVersions = ['v1', 'v1alpha1'];

/** Reads the file; throws kube-apiserver's words for a file it cannot read. */
export function readAdmissionConfiguration(path: string): AdmissionConfiguration {
  const document = parsedFile(path, (error) => `unable to read admission control configuration from "${path}" [${error}]`);
  if (!isPlainObject(document)) throw new Error(`admission control configuration "${path}" is not an AdmissionConfiguration`);
  const { apiVersion, kind } = document;
  const version = typeof apiVersion === 'string' && apiVersion.startsWith(`${configurationGroup}/`) ? apiVersion.slice(configurationGroup.length + 1) : '';
  if (kind !== 'AdmissionConfiguration' || !configurationVersions.includes(version)) {
    throw new Error(`no kind "${String(kind)}" is registered for version "${String(apiVersion)}" in admission control configuration "${path}"`);
  }
  const plugins = document.plugins ?? [];
  if (!Array.isArray(plugins)) throw new Error(`admission control configuration "${path}": plugins must be a list`);
  const configurations = new Map<string, unknown>();
  for (const plugin of plugins) {
    if (!isPlainObject(plugin) || typeof plugin.name !== 'string') throw new Error(`admission control configuration "${path}": every plugin needs a name`);
    // The first entry of a name counts, as kube's ConfigFor finds it.
    if (configurations.has(plugin.name)) continue;
    if (plugin.configuration !== undefined && plugin.configuration !== null) configurations.set(plugin.name, plugin.configuration);
    else if (typeof plugin.path === 'string' && plugin.path !== '') {
      const pluginPath = resolve(dirname(path), plugin.path);
      configurations.set(
        plugin.name,
        parsedFile(pluginPath, (error) => `couldn't open admission plugin configuration ${pluginPath}: ${error}`),
      );
    }
  }
  return configurations;
}

/** A YAML or JSON file's document. */
function parsedFile(path: string, unreadable: (error: string) => string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(unreadable(errorMessage(error)));
  }
  try {
    return parseYaml(text);
  } catch (error) {
    throw new Error(`error decoding ${path}: ${errorMessage(error)}`);
  }
}
