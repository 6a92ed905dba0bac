// The kubelet's service environment variables: for each Service with a cluster IP in the pod's
// namespace (when enableServiceLinks, the default) and the master Service default/kubernetes
// (always), <NAME>_SERVICE_HOST and _SERVICE_PORT (with _SERVICE_PORT_<PORT NAME> per named port)
// and the Docker link variables <NAME>_PORT, <NAME>_PORT_<port>_<PROTO>[_PROTO|_PORT|_ADDR]. The
// container's own variables win over them.

export interface ServicePortData {
  readonly name?: string;
  readonly port: number;
  readonly protocol?: string;
}

export interface ServiceData {
  readonly namespace: string;
  readonly name: string;
  readonly clusterIP?: string;
  readonly ports: readonly ServicePortData[];
}

const envName = (text: string): string => text.toUpperCase().replaceAll('-', '_');

/** The Services whose variables a pod gets (getServiceEnvVarMap), each once. */
export function servicesForPod(podNamespace: string, enableServiceLinks: boolean, namespaceServices: readonly ServiceData[], master: ServiceData | undefined): ServiceData[] {
  const chosen = new Map<string, ServiceData>();
  const hasClusterIP = (service: ServiceData): boolean => service.clusterIP !== undefined && service.clusterIP !== '' && service.clusterIP !== 'None';
  // The master service is always there, even without service links; a namespace's own Service of the same name wins.
  if (master !== undefined && hasClusterIP(master)) chosen.set(master.name, master);
  if (enableServiceLinks) for (const service of namespaceServices) if (hasClusterIP(service) && service.namespace === podNamespace) chosen.set(service.name, service);
  return [...chosen.values()];
}

/** envvars.FromServices, in a stable order. */
export function serviceEnvironment(services: readonly ServiceData[]): Map<string, string> {
  const env = new Map<string, string>();
  for (const service of [...services].sort((a, b) => a.name.localeCompare(b.name))) {
    const name = envName(service.name);
    const ip = service.clusterIP as string;
    const first = service.ports[0];
    if (first === undefined) continue;
    env.set(`${name}_SERVICE_HOST`, ip);
    env.set(`${name}_SERVICE_PORT`, String(first.port));
    for (const port of service.ports) if (port.name) env.set(`${name}_SERVICE_PORT_${envName(port.name)}`, String(port.port));
    const host = ip.includes(':') ? `[${ip}]` : ip;
    const url = (port: ServicePortData): string => `${(port.protocol ?? 'TCP').toLowerCase()}://${host}:${port.port}`;
    env.set(`${name}_PORT`, url(first));
    for (const port of service.ports) {
      const protocol = (port.protocol ?? 'TCP').toUpperCase();
      const prefix = `${name}_PORT_${port.port}_${protocol}`;
      env.set(prefix, url(port));
      env.set(`${prefix}_PROTO`, protocol.toLowerCase());
      env.set(`${prefix}_PORT`, String(port.port));
      env.set(`${prefix}_ADDR`, ip);
    }
  }
  return env;
}
