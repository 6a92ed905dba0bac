// The user names and groups of service accounts (kube's serviceaccount.MakeUsername, SplitUsername
// and MakeGroupNames): system:serviceaccount:<namespace>:<name>, in the groups
// system:serviceaccounts and system:serviceaccounts:<namespace>.

import { isDNS1123Label, isDNS1123Subdomain } from '@capstan/common';

const usernamePrefix = 'system:serviceaccount:';

export const serviceAccountUsername = (namespace: string, name: string): string => `${usernamePrefix}${namespace}:${name}`;

/** The namespace and name of a service account's user name, or undefined for any other name (or one with a bad namespace or name). */
export function splitServiceAccountUsername(username: string): { namespace: string; name: string } | undefined {
  if (!username.startsWith(usernamePrefix)) return undefined;
  const parts = username.slice(usernamePrefix.length).split(':');
  if (parts.length !== 2) return undefined;
  const [namespace, name] = parts as [string, string];
  if (isDNS1123Label(namespace).length > 0 || isDNS1123Subdomain(name).length > 0) return undefined;
  return { namespace, name };
}

export const serviceAccountGroups = (namespace: string): string[] => ['system:serviceaccounts', `system:serviceaccounts:${namespace}`];
