// Namespaces: the `kubernetes` finalizer and the metadata.name label from creation on; a delete
// turns the namespace Terminating, and it goes only once the namespace controller has emptied it
// and removed spec.finalizers (PUT .../finalize).

import { metadataOf, metaTime, type JsonObject } from '../object-meta.ts';
import type { ResourceStrategy } from '../strategy.ts';

const kubernetesFinalizer = 'kubernetes';
const nameLabel = 'kubernetes.io/metadata.name';

export const namespaceStrategy: ResourceStrategy = {
  returnsDeletedObject: true,
  prepareForCreate(namespace) {
    const spec = { ...((namespace.spec ?? {}) as { finalizers?: string[] }) };
    const finalizers = spec.finalizers ?? [];
    if (!finalizers.includes(kubernetesFinalizer)) spec.finalizers = [...finalizers, kubernetesFinalizer];
    namespace.spec = spec;
    labelWithName(namespace);
  },
  prepareForUpdate(namespace, old) {
    // spec.finalizers change only through .../finalize, the status only through .../status.
    const oldFinalizers = ((old.spec ?? {}) as { finalizers?: string[] }).finalizers;
    const spec: JsonObject = { ...((namespace.spec ?? {}) as JsonObject) };
    if (oldFinalizers === undefined) delete spec.finalizers;
    else spec.finalizers = oldFinalizers;
    namespace.spec = spec;
    if (old.status !== undefined) namespace.status = old.status;
    labelWithName(namespace);
  },
  beginDeletion(namespace, options, now) {
    const metadata = metadataOf(namespace);
    if (metadata.deletionTimestamp !== undefined) return undefined;
    const finalizers = new Set(metadata.finalizers ?? []);
    const orphan = options.orphanDependents ?? (options.propagationPolicy === undefined ? undefined : options.propagationPolicy === 'Orphan');
    if (orphan === true) finalizers.add('orphan');
    if (orphan === false) finalizers.delete('orphan');
    // kube's shouldHaveDeleteDependentsFinalizer: orphanDependents=false asks for foreground deletion too.
    const foreground =
      options.orphanDependents !== undefined ? !options.orphanDependents : options.propagationPolicy === undefined ? undefined : options.propagationPolicy === 'Foreground';
    if (foreground === true) finalizers.add('foregroundDeletion');
    if (foreground === false) finalizers.delete('foregroundDeletion');
    const marked: JsonObject = {
      ...namespace,
      metadata: { ...metadata, deletionTimestamp: metaTime(now), ...(finalizers.size === 0 ? {} : { finalizers: [...finalizers] }) },
      status: { ...((namespace.status ?? {}) as JsonObject), phase: 'Terminating' },
    };
    if (finalizers.size === 0) delete (marked.metadata as JsonObject).finalizers;
    return marked;
  },
  finalDeletionBlocker(namespace) {
    const finalizers = ((namespace.spec ?? {}) as { finalizers?: string[] }).finalizers ?? [];
    return finalizers.length === 0
      ? undefined
      : 'The system is ensuring all content is removed from this namespace.  Upon completion, this namespace will automatically be purged by the system.';
  },
};

function labelWithName(namespace: JsonObject): void {
  const metadata = metadataOf(namespace);
  namespace.metadata = { ...metadata, labels: { ...((metadata.labels ?? {}) as Record<string, string>), [nameLabel]: metadata.name ?? '' } };
}
