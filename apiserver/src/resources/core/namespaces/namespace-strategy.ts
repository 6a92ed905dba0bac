// Namespaces: the `kubernetes` finalizer and the metadata.name label from creation on; a delete
// turns the namespace Terminating, and it goes only once the namespace controller has emptied it
// and removed spec.finalizers (PUT .../finalize).

import { objectOf, stringsOf } from '../../../registry/defaulting/json-fields.ts';
import { metadataOf, metaTime, type JsonObject } from '../../../registry/object-meta.ts';
import type { ResourceStrategy } from '../../../registry/strategy.ts';

const kubernetesFinalizer = 'kubernetes';
const nameLabel = 'kubernetes.io/metadata.name';

export const namespaceStrategy: ResourceStrategy = {
  returnsDeletedObject: true,
  canonicalize: labelWithName,
  prepareForCreate(namespace) {
    const spec = { ...objectOf(namespace.spec) };
    const finalizers = stringsOf(spec.finalizers);
    if (!finalizers.includes(kubernetesFinalizer)) spec.finalizers = [...finalizers, kubernetesFinalizer];
    namespace.spec = spec;
    labelWithName(namespace);
  },
  prepareForUpdate(namespace, old) {
    // spec.finalizers change only through .../finalize, the status only through .../status.
    const oldFinalizers = objectOf(old.spec).finalizers;
    const spec = { ...objectOf(namespace.spec) };
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
    const { finalizers: _finalizers, ...unfinalized } = metadata;
    const deletionTimestamp = metaTime(now);
    return {
      ...namespace,
      metadata: finalizers.size === 0 ? { ...unfinalized, deletionTimestamp } : { ...metadata, deletionTimestamp, finalizers: [...finalizers] },
      status: { ...objectOf(namespace.status), phase: 'Terminating' },
    };
  },
  finalDeletionBlocker(namespace) {
    const finalizers = stringsOf(objectOf(namespace.spec).finalizers);
    return finalizers.length === 0
      ? undefined
      : 'The system is ensuring all content is removed from this namespace.  Upon completion, this namespace will automatically be purged by the system.';
  },
};

function labelWithName(namespace: JsonObject): void {
  const metadata = metadataOf(namespace);
  namespace.metadata = { ...metadata, labels: { ...objectOf(metadata.labels), [nameLabel]: metadata.name ?? '' } };
}
