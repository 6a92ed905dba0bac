// The types of batch/v1.

import { apiName, boolean, field, int32, int64, list, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { completionModes, concurrencyPolicies, podFailurePolicyActions, podFailurePolicyOnExitCodesOperators, podReplacementPolicies } from './enum-values.ts';
import { kinds, labelSelectorName, listKind, objectMetaField, timeName, typeMetaFields } from './meta-v1.ts';

const batch = (type: string): string => apiName('batch', 'v1', type);

export const batchV1Types: readonly TypeDeclaration[] = [
  // CronJob
  struct(
    batch('CronJob'),
    'Runs a job on a repeating schedule.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(batch('CronJobSpec'), { default: {} }), 'The schedule and the job to run.'),
      status: field(3, ref(batch('CronJobStatus'), { default: {} }), 'The observed state of the cron job.'),
    },
    { groupVersionKinds: kinds('CronJob', ['batch/v1']) },
  ),
  listKind(batch('CronJob'), 'batch/v1', 'A list of CronJobs.'),
  struct(batch('CronJobSpec'), 'When a cron job runs and what job it creates.', {
    schedule: field(1, string({ default: '' }), 'The schedule, in cron syntax.', { required: true }),
    timeZone: pointer(field(8, string(), "The time zone the schedule is read in; the controller manager's own when unset.")),
    startingDeadlineSeconds: pointer(field(2, int64(), 'How late a missed run may still start; later ones count as failed.')),
    concurrencyPolicy: field(3, string({ enum: concurrencyPolicies }), 'Allow, Forbid or Replace: what happens when a run is due while another is still going.'),
    suspend: pointer(field(4, boolean(), 'Whether later runs are suspended; runs already started go on.')),
    jobTemplate: field(5, ref(batch('JobTemplateSpec'), { default: {} }), 'The job created for each run.', { required: true }),
    successfulJobsHistoryLimit: pointer(field(6, int32(), 'How many successful finished jobs to keep; 3 when unset.')),
    failedJobsHistoryLimit: pointer(field(7, int32(), 'How many failed finished jobs to keep; 1 when unset.')),
  }),
  struct(batch('CronJobStatus'), 'The observed state of a cron job.', {
    active: field(1, list(ref(apiName('core', 'v1', 'ObjectReference'), { default: {} })), 'The jobs now running.', { listType: 'atomic' }),
    lastScheduleTime: pointer(field(4, ref(timeName), 'When a job was last scheduled.')),
    lastSuccessfulTime: pointer(field(5, ref(timeName), 'When a job last completed successfully.')),
  }),

  // Job
  struct(
    batch('Job'),
    'Runs pods until a number of them complete successfully.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(batch('JobSpec'), { default: {} }), 'The desired behavior of the job.'),
      status: field(3, ref(batch('JobStatus'), { default: {} }), 'The observed state of the job.'),
    },
    { groupVersionKinds: kinds('Job', ['batch/v1']) },
  ),
  struct(batch('JobCondition'), "One aspect of a job's state at a point in time.", {
    type: field(1, string({ default: '' }), 'Which aspect of the state the condition is about, such as Complete or Failed.', { required: true }),
    status: field(2, string({ default: '' }), 'True, False or Unknown.', { required: true }),
    lastProbeTime: field(3, ref(timeName), 'When the condition was last checked.'),
    lastTransitionTime: field(4, ref(timeName), 'When the status last changed.'),
    reason: field(5, string(), 'Why the status last changed, in CamelCase, for programs.'),
    message: field(6, string(), 'Why the status last changed, for people.'),
  }),
  listKind(batch('Job'), 'batch/v1', 'A list of Jobs.'),
  struct(batch('JobSpec'), 'The desired behavior of a job.', {
    parallelism: pointer(field(1, int32(), 'The most pods the job runs at once.')),
    completions: pointer(field(2, int32(), 'How many pods must succeed; unset means the first success finishes the job.')),
    activeDeadlineSeconds: pointer(field(3, int64(), 'How long the job may stay active before the system terminates it.')),
    podFailurePolicy: pointer(field(11, ref(batch('PodFailurePolicy')), 'How failed pods count toward the backoff limit.')),
    successPolicy: pointer(field(16, ref(batch('SuccessPolicy')), 'When an indexed job may be declared successful early.')),
    backoffLimit: pointer(field(7, int32(), 'How many retries before the job is marked failed; 6 when unset.')),
    backoffLimitPerIndex: pointer(field(12, int32(), 'How many retries each index gets before it is marked failed, for indexed jobs.')),
    maxFailedIndexes: pointer(field(13, int32(), 'How many indexes may fail before the whole job fails, with backoffLimitPerIndex.')),
    selector: pointer(field(4, ref(labelSelectorName), 'Selects the pods the job counts; usually set by the system.')),
    manualSelector: pointer(field(5, boolean(), 'Whether the selector and pod labels are chosen by the user instead of the system.')),
    template: field(6, ref(apiName('core', 'v1', 'PodTemplateSpec'), { default: {} }), 'The pods the job runs.', { required: true }),
    ttlSecondsAfterFinished: pointer(field(8, int32(), 'How long after finishing the job becomes eligible for automatic deletion.')),
    completionMode: pointer(field(9, string({ enum: completionModes }), 'NonIndexed or Indexed: how pod completions are tracked.')),
    suspend: pointer(field(10, boolean(), 'Whether the job controller should stop creating pods (and remove active ones).')),
    podReplacementPolicy: pointer(field(14, string({ enum: podReplacementPolicies }), 'TerminatingOrFailed or Failed: when a replacement pod is created.')),
    managedBy: pointer(field(15, string(), 'The controller that reconciles the job; the built-in job controller when unset.')),
  }),
  struct(batch('JobStatus'), 'The observed state of a job.', {
    conditions: field(1, list(ref(batch('JobCondition'), { default: {} })), "The latest observations of the job's state.", {
      listType: 'atomic',
      patchStrategy: 'merge',
      patchMergeKey: 'type',
    }),
    startTime: pointer(field(2, ref(timeName), 'When the job controller started processing the job.')),
    completionTime: pointer(field(3, ref(timeName), 'When the job completed successfully.')),
    active: field(4, int32(), 'Pending and running pods that are not terminating.'),
    succeeded: field(5, int32(), 'Pods that reached phase Succeeded.'),
    failed: field(6, int32(), 'Pods that reached phase Failed.'),
    terminating: pointer(field(11, int32(), 'Pods that are terminating.')),
    completedIndexes: field(7, string(), 'The completed indexes of an indexed job, as ranges such as "1,3-5,7".'),
    failedIndexes: pointer(field(10, string(), 'The failed indexes of an indexed job, as ranges such as "1,3-5,7".')),
    uncountedTerminatedPods: pointer(field(8, ref(batch('UncountedTerminatedPods')), 'Terminated pods not yet counted in the status counters.')),
    ready: pointer(field(9, int32(), 'Active pods that are ready and not terminating.')),
  }),
  struct(batch('JobTemplateSpec'), 'The job a cron job creates.', {
    metadata: objectMetaField,
    spec: field(2, ref(batch('JobSpec'), { default: {} }), 'The desired behavior of the job.'),
  }),

  // Pod failure policy
  struct(batch('PodFailurePolicy'), 'How failed pods influence the backoff limit.', {
    rules: field(1, list(ref(batch('PodFailurePolicyRule'), { default: {} })), 'The rules, tried in order; the first that matches applies.', {
      required: true,
      listType: 'atomic',
    }),
  }),
  struct(batch('PodFailurePolicyOnExitCodesRequirement'), "A requirement on a failed pod's container exit codes.", {
    containerName: pointer(field(1, string(), 'The container whose exit codes are checked; all containers when unset.')),
    operator: field(2, string({ default: '', enum: podFailurePolicyOnExitCodesOperators }), 'In or NotIn: how the exit codes relate to the values.', { required: true }),
    values: field(3, list(int32({ default: 0 })), 'The exit codes, ordered and without duplicates.', { required: true, listType: 'set' }),
  }),
  struct(batch('PodFailurePolicyOnPodConditionsPattern'), "A pattern that matches a failed pod's condition.", {
    type: field(1, string({ default: '' }), 'The pod condition type to match.', { required: true }),
    status: field(2, string({ default: '' }), 'The pod condition status to match; True when unset.'),
  }),
  struct(batch('PodFailurePolicyRule'), 'What to do with a failed pod that meets the requirements.', {
    action: field(1, string({ default: '', enum: podFailurePolicyActions }), 'FailJob, FailIndex, Ignore or Count.', { required: true }),
    onExitCodes: pointer(field(2, ref(batch('PodFailurePolicyOnExitCodesRequirement')), 'The requirement on container exit codes.')),
    onPodConditions: field(3, list(ref(batch('PodFailurePolicyOnPodConditionsPattern'), { default: {} })), 'Patterns of pod conditions, any of which matches.', {
      listType: 'atomic',
    }),
  }),

  // Success policy
  struct(batch('SuccessPolicy'), 'When an indexed job counts as succeeded before all indexes succeed.', {
    rules: field(1, list(ref(batch('SuccessPolicyRule'), { default: {} })), 'Alternative rules; the job succeeds once any one is met.', {
      required: true,
      listType: 'atomic',
    }),
  }),
  struct(batch('SuccessPolicyRule'), 'One rule for declaring an indexed job successful.', {
    succeededIndexes: pointer(field(1, string(), 'Indexes that must all have succeeded, as ranges such as "1,3-5,7".')),
    succeededCount: pointer(field(2, int32(), 'How many of the succeeded indexes (within succeededIndexes, if set) are needed.')),
  }),
  struct(batch('UncountedTerminatedPods'), 'UIDs of terminated pods not yet counted in the job status.', {
    succeeded: field(1, list(string({ default: '' })), 'UIDs of succeeded pods.', { listType: 'set' }),
    failed: field(2, list(string({ default: '' })), 'UIDs of failed pods.', { listType: 'set' }),
  }),
];
