// What a simulated container does, declared as data (as kwok declares its stages): when it starts,
// what it prints, when and how it exits, how it answers SIGTERM, exec and checkpoint. Durations are
// milliseconds, counted from the moment the container started running.

import type { GlobPattern } from './glob-pattern.ts';

export type LogStream = 'stdout' | 'stderr';

export interface LogLineSpec {
  readonly stream: LogStream;
  /** May hold {n} (the line number), {container}, {pod}, {namespace}, {attempt}. */
  readonly text: string;
}

/** Argument patterns; a last pattern `**` matches any remaining arguments. */
export interface CommandPattern {
  readonly args: readonly GlobPattern[];
  readonly restMatches: boolean;
}

export interface ExecRule {
  readonly command: CommandPattern;
  /** The rule applies from this running time on. */
  readonly afterMs?: number;
  /** The rule applies before this running time. */
  readonly beforeMs?: number;
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly delayMs: number;
}

export type ExitReason = 'Completed' | 'Error' | 'OOMKilled';

export interface ExitSpec {
  readonly afterMs: number;
  readonly exitCode: number;
  readonly reason: ExitReason;
  readonly message: string;
  /** Written to the host file mounted at the container's terminationMessagePath. */
  readonly terminationMessage?: string;
  /** Exits only while its attempt number is below this (a crash loop that recovers); absent: every attempt. */
  readonly attempts?: number;
}

export interface StopSpec {
  /** `ignore`: SIGTERM does nothing and the grace period ends in SIGKILL (exit code 137). */
  readonly sigterm: 'exit' | 'ignore';
  /** Time the container takes to exit after SIGTERM; beyond the grace period it is killed. */
  readonly delayMs: number;
  readonly exitCode: number;
}

export interface Lifecycle {
  readonly name: string;
  readonly matchImages: readonly GlobPattern[];
  /** CreateContainer fails with this message (the kubelet's CreateContainerError). */
  readonly createError?: string;
  readonly start: { readonly delayMs: number; readonly error?: string };
  readonly logs: {
    readonly start: readonly LogLineSpec[];
    readonly every?: { readonly intervalMs: number; readonly lines: readonly LogLineSpec[] };
    readonly exit: readonly LogLineSpec[];
    readonly stop: readonly LogLineSpec[];
  };
  readonly exit?: ExitSpec;
  readonly stop: StopSpec;
  /** Until `afterMs`, exec of a matching command fails with 1: how exec readiness probes see it. */
  readonly readiness?: { readonly afterMs: number; readonly commands: readonly CommandPattern[] };
  readonly exec: readonly ExecRule[];
  /** Files the container's image holds, for `cat` and `test -f`. */
  readonly files: ReadonlyMap<string, string>;
  readonly checkpoint: { readonly delayMs: number; readonly error?: string };
}

export interface ImageRule {
  readonly match: GlobPattern;
  readonly pullDelayMs: number;
  readonly sizeBytes: number;
  /** The pull fails: `notFound` answers as a registry without the image does. */
  readonly failure?: { readonly notFound: true } | { readonly notFound: false; readonly message: string };
}

export interface RuntimeSimSettings {
  /** In declaration order: the first whose images match a container's image is its lifecycle. */
  readonly lifecycles: readonly Lifecycle[];
  /** Images pull by the first matching rule; an image no rule matches is not found. */
  readonly images: readonly ImageRule[];
  readonly preloadedImages: readonly string[];
  readonly sandbox: { readonly startDelayMs: number };
  /** `checkpoint: false` answers CheckpointContainer with Unimplemented, as Debian's containerd does. */
  readonly features: { readonly checkpoint: boolean };
}

export const lifecycleAnnotation = 'runtime-sim.capstan.dev/lifecycle';
