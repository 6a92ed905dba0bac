// The containers of core/v1 pods: containers and ephemeral containers, their ports, environment,
// resources, restart rules, probes and lifecycle hooks.

import { apiName, boolean, embedded, field, int32, int64, list, map, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { protocols, pullPolicies, signals, terminationMessagePolicies, uriSchemes } from './enum-values.ts';
import { intOrStringName, quantityName } from './meta-v1.ts';

const core = (type: string): string => apiName('core', 'v1', type);
const strings = list(string({ default: '' }));

export const coreV1PodContainerTypes: readonly TypeDeclaration[] = [
  struct(core('Container'), 'One application container of a pod.', {
    name: field(1, string({ default: '' }), "The container's name, a DNS label unique among the pod's containers.", { required: true }),
    image: field(2, string(), 'The container image to run.'),
    command: field(3, strings, "The entrypoint, replacing the image's ENTRYPOINT; $(VAR) references are expanded.", { listType: 'atomic' }),
    args: field(4, strings, "The arguments, replacing the image's CMD; $(VAR) references are expanded.", { listType: 'atomic' }),
    workingDir: field(5, string(), "The working directory; the runtime's default when unset."),
    ports: field(6, list(ref(core('ContainerPort'), { default: {} })), 'The ports the container exposes, for information and for naming.', {
      listType: 'map',
      listMapKeys: ['containerPort', 'protocol'],
      patchStrategy: 'merge',
      patchMergeKey: 'containerPort',
    }),
    envFrom: field(19, list(ref(core('EnvFromSource'), { default: {} })), 'ConfigMaps and Secrets whose keys all become environment variables.', {
      listType: 'atomic',
    }),
    env: field(7, list(ref(core('EnvVar'), { default: {} })), 'Environment variables to set in the container.', {
      listType: 'map',
      listMapKeys: ['name'],
      patchStrategy: 'merge',
      patchMergeKey: 'name',
    }),
    resources: field(8, ref(core('ResourceRequirements'), { default: {} }), 'The compute resources the container requests and is limited to.'),
    resizePolicy: field(23, list(ref(core('ContainerResizePolicy'), { default: {} })), 'Whether resizing each resource restarts the container.', {
      listType: 'atomic',
    }),
    restartPolicy: pointer(field(24, string(), "The container's own restart policy, overriding the pod's; Always makes an init container a sidecar.")),
    restartPolicyRules: field(25, list(ref(core('ContainerRestartRule'), { default: {} })), 'Rules, tried in order, deciding whether an exited container restarts.', {
      listType: 'atomic',
    }),
    volumeMounts: field(9, list(ref(core('VolumeMount'), { default: {} })), "The pod volumes mounted into the container's filesystem.", {
      listType: 'map',
      listMapKeys: ['mountPath'],
      patchStrategy: 'merge',
      patchMergeKey: 'mountPath',
    }),
    volumeDevices: field(21, list(ref(core('VolumeDevice'), { default: {} })), 'The raw block devices the container uses.', {
      listType: 'map',
      listMapKeys: ['devicePath'],
      patchStrategy: 'merge',
      patchMergeKey: 'devicePath',
    }),
    livenessProbe: pointer(field(10, ref(core('Probe')), 'A periodic check that restarts the container when it fails.')),
    readinessProbe: pointer(field(11, ref(core('Probe')), 'A periodic check that takes the container out of service endpoints when it fails.')),
    startupProbe: pointer(field(22, ref(core('Probe')), 'A check that must succeed before the other probes start.')),
    lifecycle: pointer(field(12, ref(core('Lifecycle')), 'Actions run after the container starts and before it stops.')),
    terminationMessagePath: field(13, string(), 'The file the container writes its termination message to; /dev/termination-log by default.'),
    terminationMessagePolicy: field(20, string({ enum: terminationMessagePolicies }), 'File or FallbackToLogsOnError: where the termination message comes from.'),
    imagePullPolicy: field(14, string({ enum: pullPolicies }), 'Always, Never or IfNotPresent: when the image is pulled.'),
    securityContext: pointer(field(15, ref(core('SecurityContext')), "The container's security settings, overriding the pod's.")),
    stdin: field(16, boolean(), 'Keeps a stdin buffer open for the container; otherwise reads from stdin see EOF.'),
    stdinOnce: field(17, boolean(), 'Closes stdin after the first attach session ends.'),
    tty: field(18, boolean(), 'Gives the container a TTY; needs stdin.'),
  }),

  struct(core('ContainerPort'), 'A network port of a container.', {
    name: field(1, string(), 'A name for the port, unique in the pod, that services can refer to.'),
    hostPort: field(2, int32(), 'The port opened on the host for it; most containers need none.'),
    containerPort: field(3, int32({ default: 0 }), "The port number on the pod's IP address.", { required: true }),
    protocol: field(4, string({ default: 'TCP', enum: protocols }), 'TCP, UDP or SCTP.'),
    hostIP: field(5, string(), 'The host IP the host port is bound to.'),
  }),

  struct(core('ContainerResizePolicy'), 'What resizing one resource of a container requires.', {
    resourceName: field(1, string({ default: '' }), 'The resource, cpu or memory.', { required: true }),
    restartPolicy: field(2, string({ default: '' }), 'NotRequired or RestartContainer.', { required: true }),
  }),

  struct(core('ContainerRestartRule'), 'A rule on how to handle a container that exited.', {
    action: field(1, string(), 'What to do when the rule matches; only Restart exists.', { required: true }),
    exitCodes: pointer(field(2, ref(core('ContainerRestartRuleOnExitCodes')), 'The exit codes the rule matches.')),
  }),

  struct(core('ContainerRestartRuleOnExitCodes'), 'A condition on the exit code of a container.', {
    operator: field(1, string(), 'In or NotIn: whether the exit code must be among the values or not.', { required: true }),
    values: field(2, list(int32({ default: 0 })), 'The exit codes, at most 255.', { listType: 'set' }),
  }),

  struct(core('EphemeralContainer'), 'A temporary container added to a running pod, for instance to debug it.', {
    name: embedded(1, 1, string({ default: '' }), "The container's name, unique among all the pod's containers.", { required: true }),
    image: embedded(1, 2, string(), 'The container image to run.'),
    command: embedded(1, 3, strings, "The entrypoint, replacing the image's ENTRYPOINT; $(VAR) references are expanded.", { listType: 'atomic' }),
    args: embedded(1, 4, strings, "The arguments, replacing the image's CMD; $(VAR) references are expanded.", { listType: 'atomic' }),
    workingDir: embedded(1, 5, string(), "The working directory; the runtime's default when unset."),
    ports: embedded(1, 6, list(ref(core('ContainerPort'), { default: {} })), 'Not allowed for ephemeral containers.', {
      listType: 'map',
      listMapKeys: ['containerPort', 'protocol'],
      patchStrategy: 'merge',
      patchMergeKey: 'containerPort',
    }),
    envFrom: embedded(1, 19, list(ref(core('EnvFromSource'), { default: {} })), 'ConfigMaps and Secrets whose keys all become environment variables.', {
      listType: 'atomic',
    }),
    env: embedded(1, 7, list(ref(core('EnvVar'), { default: {} })), 'Environment variables to set in the container.', {
      listType: 'map',
      listMapKeys: ['name'],
      patchStrategy: 'merge',
      patchMergeKey: 'name',
    }),
    resources: embedded(1, 8, ref(core('ResourceRequirements'), { default: {} }), 'Not allowed: ephemeral containers use the resources the pod already has.'),
    resizePolicy: embedded(1, 23, list(ref(core('ContainerResizePolicy'), { default: {} })), 'Whether resizing each resource restarts the container.', {
      listType: 'atomic',
    }),
    restartPolicy: pointer(embedded(1, 24, string(), 'Not allowed for ephemeral containers.')),
    restartPolicyRules: embedded(1, 25, list(ref(core('ContainerRestartRule'), { default: {} })), 'Not allowed for ephemeral containers.', { listType: 'atomic' }),
    volumeMounts: embedded(1, 9, list(ref(core('VolumeMount'), { default: {} })), 'The pod volumes mounted into the container; subPath is not allowed.', {
      listType: 'map',
      listMapKeys: ['mountPath'],
      patchStrategy: 'merge',
      patchMergeKey: 'mountPath',
    }),
    volumeDevices: embedded(1, 21, list(ref(core('VolumeDevice'), { default: {} })), 'The raw block devices the container uses.', {
      listType: 'map',
      listMapKeys: ['devicePath'],
      patchStrategy: 'merge',
      patchMergeKey: 'devicePath',
    }),
    livenessProbe: pointer(embedded(1, 10, ref(core('Probe')), 'Not allowed for ephemeral containers.')),
    readinessProbe: pointer(embedded(1, 11, ref(core('Probe')), 'Not allowed for ephemeral containers.')),
    startupProbe: pointer(embedded(1, 22, ref(core('Probe')), 'Not allowed for ephemeral containers.')),
    lifecycle: pointer(embedded(1, 12, ref(core('Lifecycle')), 'Not allowed for ephemeral containers.')),
    terminationMessagePath: embedded(1, 13, string(), 'The file the container writes its termination message to; /dev/termination-log by default.'),
    terminationMessagePolicy: embedded(1, 20, string({ enum: terminationMessagePolicies }), 'File or FallbackToLogsOnError: where the termination message comes from.'),
    imagePullPolicy: embedded(1, 14, string({ enum: pullPolicies }), 'Always, Never or IfNotPresent: when the image is pulled.'),
    securityContext: pointer(embedded(1, 15, ref(core('SecurityContext')), "The container's security settings, overriding the pod's.")),
    stdin: embedded(1, 16, boolean(), 'Keeps a stdin buffer open for the container; otherwise reads from stdin see EOF.'),
    stdinOnce: embedded(1, 17, boolean(), 'Closes stdin after the first attach session ends.'),
    tty: embedded(1, 18, boolean(), 'Gives the container a TTY; needs stdin.'),
    targetContainerName: field(2, string(), "The pod container whose namespaces (IPC, PID, ...) this one joins; the pod's when unset."),
  }),

  struct(core('EnvFromSource'), 'A ConfigMap or Secret whose keys all become environment variables.', {
    prefix: field(1, string(), 'A prefix put before every variable name.'),
    configMapRef: pointer(field(2, ref(core('ConfigMapEnvSource')), 'The ConfigMap to read.')),
    secretRef: pointer(field(3, ref(core('SecretEnvSource')), 'The Secret to read.')),
  }),

  struct(core('ConfigMapEnvSource'), 'A ConfigMap whose keys all become environment variables.', {
    name: embedded(1, 1, string({ default: '' }), 'The name of the ConfigMap.', { omitEmpty: true }),
    optional: pointer(field(2, boolean(), 'With true, a missing ConfigMap is no error.')),
  }),

  struct(core('SecretEnvSource'), 'A Secret whose keys all become environment variables.', {
    name: embedded(1, 1, string({ default: '' }), 'The name of the Secret.', { omitEmpty: true }),
    optional: pointer(field(2, boolean(), 'With true, a missing Secret is no error.')),
  }),

  struct(core('EnvVar'), 'An environment variable of a container.', {
    name: field(1, string({ default: '' }), "The variable's name.", { required: true }),
    value: field(2, string(), 'The value, with $(VAR) references expanded; empty by default.'),
    valueFrom: pointer(field(3, ref(core('EnvVarSource')), 'Where to read the value from, when value is empty.')),
  }),

  struct(core('EnvVarSource'), "Where an environment variable's value comes from; exactly one source is set.", {
    fieldRef: pointer(field(1, ref(core('ObjectFieldSelector')), 'A field of the pod, such as metadata.name or status.podIP.')),
    resourceFieldRef: pointer(field(2, ref(core('ResourceFieldSelector')), 'A resource limit or request of a container.')),
    configMapKeyRef: pointer(field(3, ref(core('ConfigMapKeySelector')), 'A key of a ConfigMap.')),
    secretKeyRef: pointer(field(4, ref(core('SecretKeySelector')), "A key of a Secret in the pod's namespace.")),
    fileKeyRef: pointer(field(5, ref(core('FileKeySelector')), 'A key of an env file in a volume.')),
  }),

  struct(
    core('ObjectFieldSelector'),
    'A field of an object, named by its path in a given API version.',
    {
      apiVersion: field(1, string(), 'The API version the path is written against; "v1" by default.'),
      fieldPath: field(2, string({ default: '' }), 'The path of the field.', { required: true }),
    },
    { mapType: 'atomic' },
  ),

  struct(
    core('ResourceFieldSelector'),
    'A resource limit or request of a container, and the unit to express it in.',
    {
      containerName: field(1, string(), 'The container; required for volumes, optional for environment variables.'),
      resource: field(2, string({ default: '' }), 'The resource, such as limits.cpu or requests.memory.', { required: true }),
      divisor: field(3, ref(quantityName), 'The unit the value is divided by; "1" by default.'),
    },
    { mapType: 'atomic' },
  ),

  struct(
    core('ConfigMapKeySelector'),
    'One key of a ConfigMap.',
    {
      name: embedded(1, 1, string({ default: '' }), 'The name of the ConfigMap.', { omitEmpty: true }),
      key: field(2, string({ default: '' }), 'The key to read.', { required: true }),
      optional: pointer(field(3, boolean(), 'With true, a missing ConfigMap or key is no error.')),
    },
    { mapType: 'atomic' },
  ),

  struct(
    core('SecretKeySelector'),
    'One key of a Secret.',
    {
      name: embedded(1, 1, string({ default: '' }), 'The name of the Secret.', { omitEmpty: true }),
      key: field(2, string({ default: '' }), 'The key to read.', { required: true }),
      optional: pointer(field(3, boolean(), 'With true, a missing Secret or key is no error.')),
    },
    { mapType: 'atomic' },
  ),

  struct(
    core('FileKeySelector'),
    'One key of an env file found in a volume.',
    {
      volumeName: field(1, string({ default: '' }), 'The volume mount holding the file.', { required: true }),
      path: field(2, string({ default: '' }), "The file's path, relative to the volume.", { required: true }),
      key: field(3, string({ default: '' }), 'The key to read from the file.', { required: true }),
      optional: pointer(field(4, boolean({ default: false }), 'With true, a missing file or key leaves the variable unset instead of failing.')),
    },
    { mapType: 'atomic' },
  ),

  struct(core('ResourceRequirements'), 'The compute resources a container (or pod) requests and is limited to.', {
    limits: field(1, map(ref(quantityName)), 'The most of each resource that may be used.'),
    requests: field(2, map(ref(quantityName)), 'The least of each resource needed; limits when unset.'),
    claims: field(3, list(ref(core('ResourceClaim'), { default: {} })), "The pod's resource claims the container uses.", {
      listType: 'map',
      listMapKeys: ['name'],
    }),
  }),

  struct(core('ResourceClaim'), "Names one of the pod's resource claims a container uses.", {
    name: field(1, string({ default: '' }), "The name of an entry of the pod's resourceClaims.", { required: true }),
    request: field(2, string(), 'One request of the claim; the whole claim when empty.'),
  }),

  struct(core('Probe'), 'A health check of a container and how often and how patiently it runs.', {
    exec: pointer(embedded(1, 1, ref(core('ExecAction')), 'Runs a command in the container.')),
    httpGet: pointer(embedded(1, 2, ref(core('HTTPGetAction')), 'Sends an HTTP GET request.')),
    tcpSocket: pointer(embedded(1, 3, ref(core('TCPSocketAction')), 'Opens a TCP connection.')),
    grpc: pointer(embedded(1, 4, ref(core('GRPCAction')), 'Sends a gRPC health check request.')),
    initialDelaySeconds: field(2, int32(), 'Seconds after the container starts before the first probe.'),
    timeoutSeconds: field(3, int32(), 'Seconds after which a probe times out; 1 by default.'),
    periodSeconds: field(4, int32(), 'Seconds between probes; 10 by default.'),
    successThreshold: field(5, int32(), 'Successes in a row that count as success after a failure; 1 by default.'),
    failureThreshold: field(6, int32(), 'Failures in a row that count as failure; 3 by default.'),
    terminationGracePeriodSeconds: pointer(field(7, int64(), "The grace period when a failed probe kills the container, overriding the pod's.")),
  }),

  struct(core('ExecAction'), 'Runs a command inside the container.', {
    command: field(1, strings, 'The command line, not run in a shell; exit status 0 means healthy.', { listType: 'atomic' }),
  }),

  struct(core('HTTPGetAction'), 'Sends an HTTP GET request.', {
    path: field(1, string(), 'The path to request.'),
    port: field(2, ref(intOrStringName), 'The port number or name to connect to.', { required: true }),
    host: field(3, string(), 'The host to connect to; the pod IP by default.'),
    scheme: field(4, string({ enum: uriSchemes }), 'HTTP or HTTPS; HTTP by default.'),
    httpHeaders: field(5, list(ref(core('HTTPHeader'), { default: {} })), 'Headers to send with the request.', { listType: 'atomic' }),
  }),

  struct(core('HTTPHeader'), 'A header of an HTTP probe request.', {
    name: field(1, string({ default: '' }), 'The header name.', { required: true }),
    value: field(2, string({ default: '' }), 'The header value.', { required: true }),
  }),

  struct(core('TCPSocketAction'), 'Opens a TCP connection.', {
    port: field(1, ref(intOrStringName), 'The port number or name to connect to.', { required: true }),
    host: field(2, string(), 'The host to connect to; the pod IP by default.'),
  }),

  struct(core('GRPCAction'), 'Calls the gRPC health checking service.', {
    port: field(1, int32({ default: 0 }), 'The port of the gRPC service.', { required: true }),
    service: pointer(field(2, string({ default: '' }), 'The service name put in the HealthCheckRequest.')),
  }),

  struct(core('SleepAction'), 'Waits for a while.', {
    seconds: field(1, int64({ default: 0 }), 'How many seconds to sleep.', { required: true }),
  }),

  struct(core('Lifecycle'), "Actions run at points in a container's life.", {
    postStart: pointer(field(1, ref(core('LifecycleHandler')), 'Runs right after the container is created; a failure restarts it.')),
    preStop: pointer(field(2, ref(core('LifecycleHandler')), 'Runs before the container is terminated by the system or an API request.')),
    stopSignal: pointer(field(3, string({ enum: signals }), "The signal sent to stop the container; the runtime's default when unset.")),
  }),

  struct(core('LifecycleHandler'), 'One action of a lifecycle hook; exactly one is set.', {
    exec: pointer(field(1, ref(core('ExecAction')), 'Runs a command in the container.')),
    httpGet: pointer(field(2, ref(core('HTTPGetAction')), 'Sends an HTTP GET request.')),
    tcpSocket: pointer(field(3, ref(core('TCPSocketAction')), 'Deprecated and not supported: kept for compatibility.')),
    sleep: pointer(field(4, ref(core('SleepAction')), 'Waits for a number of seconds.')),
  }),
];
