// The types of io.k8s.api.batch.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { ObjectReference, PodTemplateSpec } from './core-v1.ts';
import type { LabelSelector, ListMeta, ObjectMeta, Time } from './meta-v1.ts';

/** Runs a job on a repeating schedule. */
export interface CronJob {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The schedule and the job to run. */
  readonly spec?: CronJobSpec;
  /** The observed state of the cron job. */
  readonly status?: CronJobStatus;
}

/** A list of CronJobs. */
export interface CronJobList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The CronJob objects of this page. */
  readonly items: readonly CronJob[];
}

/** When a cron job runs and what job it creates. */
export interface CronJobSpec {
  /** The schedule, in cron syntax. */
  readonly schedule: string;
  /** The time zone the schedule is read in; the controller manager's own when unset. */
  readonly timeZone?: string;
  /** How late a missed run may still start; later ones count as failed. */
  readonly startingDeadlineSeconds?: number;
  /** Allow, Forbid or Replace: what happens when a run is due while another is still going. */
  readonly concurrencyPolicy?: string;
  /** Whether later runs are suspended; runs already started go on. */
  readonly suspend?: boolean;
  /** The job created for each run. */
  readonly jobTemplate: JobTemplateSpec;
  /** How many successful finished jobs to keep; 3 when unset. */
  readonly successfulJobsHistoryLimit?: number;
  /** How many failed finished jobs to keep; 1 when unset. */
  readonly failedJobsHistoryLimit?: number;
}

/** The observed state of a cron job. */
export interface CronJobStatus {
  /** The jobs now running. */
  readonly active?: readonly ObjectReference[];
  /** When a job was last scheduled. */
  readonly lastScheduleTime?: Time;
  /** When a job last completed successfully. */
  readonly lastSuccessfulTime?: Time;
}

/** Runs pods until a number of them complete successfully. */
export interface Job {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The desired behavior of the job. */
  readonly spec?: JobSpec;
  /** The observed state of the job. */
  readonly status?: JobStatus;
}

/** One aspect of a job's state at a point in time. */
export interface JobCondition {
  /** Which aspect of the state the condition is about, such as Complete or Failed. */
  readonly type: string;
  /** True, False or Unknown. */
  readonly status: string;
  /** When the condition was last checked. */
  readonly lastProbeTime?: Time | null;
  /** When the status last changed. */
  readonly lastTransitionTime?: Time | null;
  /** Why the status last changed, in CamelCase, for programs. */
  readonly reason?: string;
  /** Why the status last changed, for people. */
  readonly message?: string;
}

/** A list of Jobs. */
export interface JobList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The Job objects of this page. */
  readonly items: readonly Job[];
}

/** The desired behavior of a job. */
export interface JobSpec {
  /** The most pods the job runs at once. */
  readonly parallelism?: number;
  /** How many pods must succeed; unset means the first success finishes the job. */
  readonly completions?: number;
  /** How long the job may stay active before the system terminates it. */
  readonly activeDeadlineSeconds?: number;
  /** How failed pods count toward the backoff limit. */
  readonly podFailurePolicy?: PodFailurePolicy;
  /** When an indexed job may be declared successful early. */
  readonly successPolicy?: SuccessPolicy;
  /** How many retries before the job is marked failed; 6 when unset. */
  readonly backoffLimit?: number;
  /** How many retries each index gets before it is marked failed, for indexed jobs. */
  readonly backoffLimitPerIndex?: number;
  /** How many indexes may fail before the whole job fails, with backoffLimitPerIndex. */
  readonly maxFailedIndexes?: number;
  /** Selects the pods the job counts; usually set by the system. */
  readonly selector?: LabelSelector;
  /** Whether the selector and pod labels are chosen by the user instead of the system. */
  readonly manualSelector?: boolean;
  /** The pods the job runs. */
  readonly template: PodTemplateSpec;
  /** How long after finishing the job becomes eligible for automatic deletion. */
  readonly ttlSecondsAfterFinished?: number;
  /** NonIndexed or Indexed: how pod completions are tracked. */
  readonly completionMode?: string;
  /** Whether the job controller should stop creating pods (and remove active ones). */
  readonly suspend?: boolean;
  /** TerminatingOrFailed or Failed: when a replacement pod is created. */
  readonly podReplacementPolicy?: string;
  /** The controller that reconciles the job; the built-in job controller when unset. */
  readonly managedBy?: string;
}

/** The observed state of a job. */
export interface JobStatus {
  /** The latest observations of the job's state. */
  readonly conditions?: readonly JobCondition[];
  /** When the job controller started processing the job. */
  readonly startTime?: Time;
  /** When the job completed successfully. */
  readonly completionTime?: Time;
  /** Pending and running pods that are not terminating. */
  readonly active?: number;
  /** Pods that reached phase Succeeded. */
  readonly succeeded?: number;
  /** Pods that reached phase Failed. */
  readonly failed?: number;
  /** Pods that are terminating. */
  readonly terminating?: number;
  /** The completed indexes of an indexed job, as ranges such as "1,3-5,7". */
  readonly completedIndexes?: string;
  /** The failed indexes of an indexed job, as ranges such as "1,3-5,7". */
  readonly failedIndexes?: string;
  /** Terminated pods not yet counted in the status counters. */
  readonly uncountedTerminatedPods?: UncountedTerminatedPods;
  /** Active pods that are ready and not terminating. */
  readonly ready?: number;
}

/** The job a cron job creates. */
export interface JobTemplateSpec {
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The desired behavior of the job. */
  readonly spec?: JobSpec;
}

/** How failed pods influence the backoff limit. */
export interface PodFailurePolicy {
  /** The rules, tried in order; the first that matches applies. */
  readonly rules: readonly PodFailurePolicyRule[];
}

/** A requirement on a failed pod's container exit codes. */
export interface PodFailurePolicyOnExitCodesRequirement {
  /** The container whose exit codes are checked; all containers when unset. */
  readonly containerName?: string;
  /** In or NotIn: how the exit codes relate to the values. */
  readonly operator: string;
  /** The exit codes, ordered and without duplicates. */
  readonly values: readonly number[];
}

/** A pattern that matches a failed pod's condition. */
export interface PodFailurePolicyOnPodConditionsPattern {
  /** The pod condition type to match. */
  readonly type: string;
  /** The pod condition status to match; True when unset. */
  readonly status?: string;
}

/** What to do with a failed pod that meets the requirements. */
export interface PodFailurePolicyRule {
  /** FailJob, FailIndex, Ignore or Count. */
  readonly action: string;
  /** The requirement on container exit codes. */
  readonly onExitCodes?: PodFailurePolicyOnExitCodesRequirement;
  /** Patterns of pod conditions, any of which matches. */
  readonly onPodConditions?: readonly PodFailurePolicyOnPodConditionsPattern[];
}

/** When an indexed job counts as succeeded before all indexes succeed. */
export interface SuccessPolicy {
  /** Alternative rules; the job succeeds once any one is met. */
  readonly rules: readonly SuccessPolicyRule[];
}

/** One rule for declaring an indexed job successful. */
export interface SuccessPolicyRule {
  /** Indexes that must all have succeeded, as ranges such as "1,3-5,7". */
  readonly succeededIndexes?: string;
  /** How many of the succeeded indexes (within succeededIndexes, if set) are needed. */
  readonly succeededCount?: number;
}

/** UIDs of terminated pods not yet counted in the job status. */
export interface UncountedTerminatedPods {
  /** UIDs of succeeded pods. */
  readonly succeeded?: readonly string[];
  /** UIDs of failed pods. */
  readonly failed?: readonly string[];
}
