// The node lifecycle controllers: node-lifecycle-controller (heartbeats, conditions, taints) and
// taint-eviction-controller (deleting pods that do not tolerate their Node's NoExecute taints).

export { nodeLifecycleController } from './node-lifecycle-controller.ts';
export { taintEvictionController } from './taint-eviction-controller.ts';
