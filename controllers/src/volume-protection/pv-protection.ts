// kube-controller-manager's persistentvolume-protection-controller: a PersistentVolume being
// deleted keeps its kubernetes.io/pv-protection finalizer while it is Bound to a claim.

import type { KubeObject } from '@capstan/common/client';
import { protectionController } from './protection-controller.ts';

export const pvProtectionController = protectionController({
  name: 'persistentvolume-protection-controller',
  queueName: 'pvprotection',
  aliases: ['pv-protection'],
  clientName: 'pv-protection-controller',
  resource: { group: '', version: 'v1', resource: 'persistentvolumes' },
  finalizer: 'kubernetes.io/pv-protection',
  // The volume's own updates (its phase) bring it back to the queue.
  watchUsers: () => async (volume: KubeObject) => (volume as { status?: { phase?: string } }).status?.phase === 'Bound',
});
