// Reads one KubeletConfiguration file (the --config file or a drop-in) and decodes it strictly:
// apiVersion and kind must name kubelet.config.k8s.io/v1beta1 KubeletConfiguration, every field
// must be declared and hold a value of its type. Errors carry the kubelet's inner words; the
// caller wraps them as the kubelet does for the main file or for a drop-in.
//
// The kubelet itself falls back to lenient decoding for v1beta1 (it logs unknown fields of the
// main file and ignores those of drop-ins); the agent stops instead, as its specification asks.

import { readFileSync } from 'node:fs';
import { errorCode, errorMessage, goJsonKind } from '@capstan/common';
import { checkFields, isObject } from './check-fields.ts';
import { kubeletConfigurationGroupVersion, kubeletConfigurationKind, kubeletConfigurationStruct } from './kubelet-configuration-fields.ts';
import { parseConfigurationText } from './parse-configuration-text.ts';

export type ConfigurationFileRole = 'config' | 'drop-in';

/** A file that is no valid KubeletConfiguration; the message is the kubelet's inner message. */
export class ConfigurationFileError extends Error {
  override name = 'ConfigurationFileError';
  /** Set when the file names another apiVersion/kind: the kubelet words a drop-in's case apart. */
  readonly groupVersionKind?: string;

  constructor(message: string, groupVersionKind?: string) {
    super(message);
    if (groupVersionKind !== undefined) this.groupVersionKind = groupVersionKind;
  }
}

/** The file's fields without apiVersion and kind. `path` should be absolute, as the kubelet makes it. */
export function decodeConfigurationFile(path: string, role: ConfigurationFileRole): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const what = role === 'config' ? 'kubelet config file' : 'drop-in kubelet config file';
    throw new ConfigurationFileError(`failed to read ${what} ${JSON.stringify(path)}, error: ${goFileError(error, path)}`);
  }
  if (text.length === 0) throw new ConfigurationFileError(`kubelet config file ${JSON.stringify(path)} was empty`);
  // The main file goes through the typed decoder, which prefixes its errors; a drop-in's do not.
  const decodeFailure = (message: string): ConfigurationFileError => new ConfigurationFileError(role === 'config' ? `failed to decode: ${message}` : message);

  let parsed;
  try {
    parsed = parseConfigurationText(text);
  } catch (error) {
    throw decodeFailure(errorMessage(error));
  }
  const document = parsed.value;
  if (document === null) throw decodeFailure("Object 'Kind' is missing in 'null'");
  if (!isObject(document))
    throw decodeFailure(
      `couldn't get version/kind; json parse error: json: cannot unmarshal ${goJsonKind(document)} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`,
    );
  const { apiVersion, kind } = document;
  if (typeof kind !== 'string' || kind === '') throw decodeFailure(`Object 'Kind' is missing in '${JSON.stringify(document)}'`);
  if (typeof apiVersion !== 'string' || apiVersion === '') throw decodeFailure(`Object 'apiVersion' is missing in '${JSON.stringify(document)}'`);
  if (apiVersion !== kubeletConfigurationGroupVersion || kind !== kubeletConfigurationKind) {
    const slash = apiVersion.indexOf('/');
    const [group, version] = slash < 0 ? ['', apiVersion] : [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)];
    throw new ConfigurationFileError(
      role === 'config'
        ? `failed to decode: no kind ${JSON.stringify(kind)} is registered for version ${JSON.stringify(apiVersion)}`
        : `unknown apiVersion/kind: ${group}/${version}, Kind=${kind}`,
      `${group}/${version}, Kind=${kind}`,
    );
  }

  const check = checkFields(document, kubeletConfigurationStruct, ['apiVersion', 'kind']);
  if (check.typeError !== undefined) throw decodeFailure(check.typeError);
  const strictErrors = [...parsed.duplicates, ...check.unknownFields.map((field) => `unknown field ${JSON.stringify(field)}`)];
  if (strictErrors.length > 0) throw decodeFailure(`strict decoding error: ${strictErrors.join(', ')}`);

  const { apiVersion: _apiVersion, kind: _kind, ...fields } = document;
  return fields;
}

/** A Node file-system error as Go's os package words it: "open /x: no such file or directory". */
export function goFileError(error: unknown, path: string, operation = 'open'): string {
  const code = errorCode(error);
  const reasons: Readonly<Record<string, string>> = {
    ENOENT: 'no such file or directory',
    EACCES: 'permission denied',
    ENOTDIR: 'not a directory',
    ELOOP: 'too many levels of symbolic links',
  };
  if (code === 'EISDIR') return `read ${path}: is a directory`;
  const reason = code === undefined ? undefined : reasons[code];
  return `${operation} ${path}: ${reason ?? errorMessage(error)}`;
}
