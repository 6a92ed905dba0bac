// The bindings of one scope (all ClusterRoleBindings, or the RoleBindings of one namespace) indexed
// by the users and groups their subjects name, so that finding a user's bindings is a few map
// lookups rather than a scan of every binding.

import type { UserInfo } from '../../authentication/authenticator.ts';
import type { Binding, Subject } from './policy-rule.ts';

/**
 * The key of the user or group a subject names, as seen from a binding in `namespace` ("" for a
 * ClusterRoleBinding): a ServiceAccount is the user system:serviceaccount:<namespace>:<name>, its
 * namespace defaulting to the binding's (kube's appliesToUser); undefined when it names no one.
 */
export function subjectKey(subject: Subject, namespace: string): string | undefined {
  switch (subject.kind) {
    case 'User':
      return `user:${subject.name}`;
    case 'Group':
      return `group:${subject.name}`;
    case 'ServiceAccount': {
      const saNamespace = subject.namespace === '' ? namespace : subject.namespace;
      return saNamespace === '' ? undefined : `user:system:serviceaccount:${saNamespace}:${subject.name}`;
    }
    default:
      return undefined;
  }
}

/** The keys a user is found under: its name, then each of its groups. */
export const userKeys = (user: UserInfo): string[] => [`user:${user.username}`, ...user.groups.map((group) => `group:${group}`)];

/** The first subject of a binding that applies to the user (kube reports that one in its reason). */
export function subjectFor(binding: Binding, keys: ReadonlySet<string>): Subject | undefined {
  return binding.subjects.find((subject) => {
    const key = subjectKey(subject, binding.namespace);
    return key !== undefined && keys.has(key);
  });
}

export class SubjectIndex {
  readonly #bindings = new Map<string, Binding>();
  readonly #bySubject = new Map<string, Set<string>>();

  get size(): number {
    return this.#bindings.size;
  }

  clear(): void {
    this.#bindings.clear();
    this.#bySubject.clear();
  }

  set(binding: Binding): void {
    this.delete(binding.name);
    this.#bindings.set(binding.name, binding);
    for (const subject of binding.subjects) {
      const key = subjectKey(subject, binding.namespace);
      if (key === undefined) continue;
      let names = this.#bySubject.get(key);
      if (names === undefined) this.#bySubject.set(key, (names = new Set()));
      names.add(binding.name);
    }
  }

  delete(name: string): void {
    const binding = this.#bindings.get(name);
    if (binding === undefined) return;
    this.#bindings.delete(name);
    for (const subject of binding.subjects) {
      const key = subjectKey(subject, binding.namespace);
      if (key === undefined) continue;
      const names = this.#bySubject.get(key);
      names?.delete(name);
      if (names?.size === 0) this.#bySubject.delete(key);
    }
  }

  /** The bindings with a subject among `keys`, each once. */
  *bindingsOf(keys: readonly string[]): Generator<Binding> {
    const seen = new Set<string>();
    for (const key of keys) {
      const names = this.#bySubject.get(key);
      if (names === undefined) continue;
      for (const name of names) {
        if (seen.has(name)) continue;
        seen.add(name);
        const binding = this.#bindings.get(name);
        if (binding !== undefined) yield binding;
      }
    }
  }
}
