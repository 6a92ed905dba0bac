// The node agent's pod workers: pods bound to the node run through CRI as the kubelet runs them.

export { startPodWorkers, type PodWorkersOptions, type RunningPodWorkers } from './start-pod-workers.ts';
export type { DeviceAllocator, DeviceRunOptions } from './device-allocation.ts';
export { podFullName, type PodContainerRef, type PodDirectory, type PodRef } from './pod-directory.ts';
