// kube-controller-manager's replicaset-controller and replicationcontroller-controller: one
// controller (./replica-set-controller.ts) run over ReplicaSets and over ReplicationControllers.

import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { ReplicaSetController } from './replica-set-controller.ts';
import { replicaSets, replicationControllers } from './replicated-kind.ts';

export const replicaSetController: ControllerDefinition = {
  name: 'replicaset-controller',
  aliases: ['replicaset'],
  clientName: 'replicaset-controller',
  start: (context: ControllerContext) => new ReplicaSetController(context, replicaSets).run(context.options.concurrentReplicaSetSyncs),
};

export const replicationControllerController: ControllerDefinition = {
  name: 'replicationcontroller-controller',
  aliases: ['replicationcontroller'],
  clientName: 'replication-controller',
  start: (context: ControllerContext) => new ReplicaSetController(context, replicationControllers).run(context.options.concurrentRcSyncs),
};
