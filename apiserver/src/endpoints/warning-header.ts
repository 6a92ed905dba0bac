// Warning response headers as kube-apiserver writes them (RFC 7234: code 299, agent "-", the text
// quoted), one header line per distinct warning; kubectl prints each as "Warning: <text>".

import type { ServerResponse } from 'node:http';

export function addWarning(response: ServerResponse, text: string): void {
  const value = `299 - "${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  const existing = response.getHeader('Warning');
  const values = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  if (!values.includes(value)) response.setHeader('Warning', [...values, value]);
}
