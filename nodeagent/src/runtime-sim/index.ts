// The simulated CRI runtime of `capstan runtime-sim`: its model, its settings and its command.

export { effectiveSettings, pauseImage } from './builtin-lifecycles.ts';
export { type Clock, realClock } from './clock.ts';
export { criLogLines, criTimestamp } from './container-log.ts';
export type { ExecStreams } from './container-exec.ts';
export { type Lifecycle, lifecycleAnnotation, type RuntimeSimSettings } from './lifecycle.ts';
export { LifecycleFileError, parseRuntimeSimFile, runtimeSimApiVersion, runtimeSimKind } from './lifecycle-file.ts';
export { LogWriter } from './log-writer.ts';
export { ManualClock } from './manual-clock.ts';
export { grpcStatusCodes, RuntimeError, type RuntimeErrorCode } from './runtime-error.ts';
export type * from './runtime-types.ts';
export { runtimeName, SimulatedRuntime, type SimulatedRuntimeOptions } from './simulated-runtime.ts';
export { TimerWheel } from './timer-wheel.ts';
export { runtimeSimCommand, runtimeSimUsage, startRuntimeSim, type RunningRuntimeSim, type RuntimeSimOptions } from './command.ts';
export { criImplementation } from './cri-adapter.ts';
export { ExecStreamingServer, execProtocols } from './exec-streaming-server.ts';
