// The closed sets of values of kube's string enum types (the Go types marked +enum), in the sorted
// order kube-apiserver lists them in /openapi/v2. The declarations attach them to their fields;
// validation can take the supported values from here.

// admissionregistration.k8s.io
export const failurePolicyTypes = ['Fail', 'Ignore'] as const;
export const matchPolicyTypes = ['Equivalent', 'Exact'] as const;
export const patchTypes = ['ApplyConfiguration', 'JSONPatch'] as const;
export const reinvocationPolicyTypes = ['IfNeeded', 'Never'] as const;
export const sideEffectClasses = ['None', 'NoneOnDryRun', 'Some', 'Unknown'] as const;
export const operationTypes = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'] as const;
export const ruleScopes = ['*', 'Cluster', 'Namespaced'] as const;
export const validationActions = ['Audit', 'Deny', 'Warn'] as const;

// apiextensions.k8s.io
export const fieldValueErrorReasons = ['FieldValueDuplicate', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueRequired'] as const;

// apps
export const daemonSetUpdateStrategyTypes = ['OnDelete', 'RollingUpdate'] as const;
export const deploymentStrategyTypes = ['Recreate', 'RollingUpdate'] as const;
export const podManagementPolicyTypes = ['OrderedReady', 'Parallel'] as const;
export const statefulSetUpdateStrategyTypes = ['OnDelete', 'RollingUpdate'] as const;

// batch
export const concurrencyPolicies = ['Allow', 'Forbid', 'Replace'] as const;
export const completionModes = ['Indexed', 'NonIndexed'] as const;
export const podReplacementPolicies = ['Failed', 'TerminatingOrFailed'] as const;
export const podFailurePolicyOnExitCodesOperators = ['In', 'NotIn'] as const;
export const podFailurePolicyActions = ['Count', 'FailIndex', 'FailJob', 'Ignore'] as const;

// certificates.k8s.io
export const keyUsages = [
  'any',
  'cert sign',
  'client auth',
  'code signing',
  'content commitment',
  'crl sign',
  'data encipherment',
  'decipher only',
  'digital signature',
  'email protection',
  'encipher only',
  'ipsec end system',
  'ipsec tunnel',
  'ipsec user',
  'key agreement',
  'key encipherment',
  'microsoft sgc',
  'netscape sgc',
  'ocsp signing',
  's/mime',
  'server auth',
  'signing',
  'timestamping',
] as const;

// core: containers and pods
export const pullPolicies = ['Always', 'IfNotPresent', 'Never'] as const;
export const terminationMessagePolicies = ['FallbackToLogsOnError', 'File'] as const;
export const protocols = ['SCTP', 'TCP', 'UDP'] as const;
export const uriSchemes = ['HTTP', 'HTTPS'] as const;
export const mountPropagationModes = ['Bidirectional', 'HostToContainer', 'None'] as const;
/** The signals a container may be stopped with: the standard ones, then the real-time ones in kube's (string) order. */
export const signals = [
  'SIGABRT',
  'SIGALRM',
  'SIGBUS',
  'SIGCHLD',
  'SIGCLD',
  'SIGCONT',
  'SIGFPE',
  'SIGHUP',
  'SIGILL',
  'SIGINT',
  'SIGIO',
  'SIGIOT',
  'SIGKILL',
  'SIGPIPE',
  'SIGPOLL',
  'SIGPROF',
  'SIGPWR',
  'SIGQUIT',
  'SIGRTMAX',
  'SIGRTMAX-1',
  'SIGRTMAX-10',
  'SIGRTMAX-11',
  'SIGRTMAX-12',
  'SIGRTMAX-13',
  'SIGRTMAX-14',
  'SIGRTMAX-2',
  'SIGRTMAX-3',
  'SIGRTMAX-4',
  'SIGRTMAX-5',
  'SIGRTMAX-6',
  'SIGRTMAX-7',
  'SIGRTMAX-8',
  'SIGRTMAX-9',
  'SIGRTMIN',
  'SIGRTMIN+1',
  'SIGRTMIN+10',
  'SIGRTMIN+11',
  'SIGRTMIN+12',
  'SIGRTMIN+13',
  'SIGRTMIN+14',
  'SIGRTMIN+15',
  'SIGRTMIN+2',
  'SIGRTMIN+3',
  'SIGRTMIN+4',
  'SIGRTMIN+5',
  'SIGRTMIN+6',
  'SIGRTMIN+7',
  'SIGRTMIN+8',
  'SIGRTMIN+9',
  'SIGSEGV',
  'SIGSTKFLT',
  'SIGSTOP',
  'SIGSYS',
  'SIGTERM',
  'SIGTRAP',
  'SIGTSTP',
  'SIGTTIN',
  'SIGTTOU',
  'SIGURG',
  'SIGUSR1',
  'SIGUSR2',
  'SIGVTALRM',
  'SIGWINCH',
  'SIGXCPU',
  'SIGXFSZ',
] as const;
export const restartPolicies = ['Always', 'Never', 'OnFailure'] as const;
export const dnsPolicies = ['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None'] as const;
export const preemptionPolicies = ['Never', 'PreemptLowerPriority'] as const;
export const podPhases = ['Failed', 'Pending', 'Running', 'Succeeded', 'Unknown'] as const;
export const podQOSClasses = ['BestEffort', 'Burstable', 'Guaranteed'] as const;
export const podFSGroupChangePolicies = ['Always', 'OnRootMismatch'] as const;
export const supplementalGroupsPolicies = ['Merge', 'Strict'] as const;
export const procMountTypes = ['Default', 'Unmasked'] as const;
export const appArmorProfileTypes = ['Localhost', 'RuntimeDefault', 'Unconfined'] as const;
export const seccompProfileTypes = ['Localhost', 'RuntimeDefault', 'Unconfined'] as const;

// core: scheduling
export const nodeSelectorOperators = ['DoesNotExist', 'Exists', 'Gt', 'In', 'Lt', 'NotIn'] as const;
export const taintEffects = ['NoExecute', 'NoSchedule', 'PreferNoSchedule'] as const;
export const tolerationOperators = ['Equal', 'Exists', 'Gt', 'Lt'] as const;
export const nodeInclusionPolicies = ['Honor', 'Ignore'] as const;
export const unsatisfiableConstraintActions = ['DoNotSchedule', 'ScheduleAnyway'] as const;

// core: volumes
export const hostPathTypes = ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'] as const;
export const azureDataDiskCachingModes = ['None', 'ReadOnly', 'ReadWrite'] as const;
export const azureDataDiskKinds = ['Dedicated', 'Managed', 'Shared'] as const;
export const persistentVolumeAccessModes = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'] as const;
export const persistentVolumeModes = ['Block', 'Filesystem'] as const;
export const persistentVolumeReclaimPolicies = ['Delete', 'Recycle', 'Retain'] as const;
export const persistentVolumePhases = ['Available', 'Bound', 'Failed', 'Pending', 'Released'] as const;
export const persistentVolumeClaimPhases = ['Bound', 'Lost', 'Pending'] as const;
export const claimResourceStatuses = ['ControllerResizeInProgress', 'ControllerResizeInfeasible', 'NodeResizeInProgress', 'NodeResizeInfeasible', 'NodeResizePending'] as const;
export const persistentVolumeClaimModifyVolumeStatuses = ['InProgress', 'Infeasible', 'Pending'] as const;

// core: cluster and services
export const namespacePhases = ['Active', 'Terminating'] as const;
export const nodePhases = ['Pending', 'Running', 'Terminated'] as const;
export const resourceQuotaScopes = ['BestEffort', 'CrossNamespacePodAffinity', 'NotBestEffort', 'NotTerminating', 'PriorityClass', 'Terminating', 'VolumeAttributesClass'] as const;
export const scopeSelectorOperators = ['DoesNotExist', 'Exists', 'In', 'NotIn'] as const;
export const serviceTypes = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'] as const;
export const serviceAffinities = ['ClientIP', 'None'] as const;
/** Both ServiceExternalTrafficPolicy and ServiceInternalTrafficPolicy. */
export const serviceTrafficPolicies = ['Cluster', 'Local'] as const;
/** The empty string stands for an unknown family. */
export const ipFamilies = ['', 'IPv4', 'IPv6'] as const;
export const ipFamilyPolicies = ['PreferDualStack', 'RequireDualStack', 'SingleStack'] as const;

// discovery.k8s.io
export const addressTypes = ['FQDN', 'IPv4', 'IPv6'] as const;

// networking.k8s.io
export const pathTypes = ['Exact', 'ImplementationSpecific', 'Prefix'] as const;
export const policyTypes = ['Egress', 'Ingress'] as const;

// policy
export const unhealthyPodEvictionPolicyTypes = ['AlwaysAllow', 'IfHealthyBudget'] as const;

// resource.k8s.io
export const deviceConfigSources = ['FromClaim', 'FromClass'] as const;
export const deviceAllocationModes = ['All', 'ExactCount'] as const;
export const deviceTaintEffects = ['NoExecute', 'NoSchedule', 'None'] as const;
export const deviceTolerationOperators = ['Equal', 'Exists'] as const;

// storage.k8s.io
export const volumeBindingModes = ['Immediate', 'WaitForFirstConsumer'] as const;
