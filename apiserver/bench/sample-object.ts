// Benchmark support: a Pod-like JSON object of about 2 KiB, different for every index.

export function samplePod(i: number): Record<string, unknown> {
  const name = `bench-pod-${String(i).padStart(6, '0')}`;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: `ns-${i % 10}`,
      uid: `0000${i}-1111-2222-3333-444455556666`,
      labels: { app: `app-${i % 50}`, tier: 'backend', 'pod-template-hash': '7d4b9c8f6d' },
      annotations: { 'kubectl.kubernetes.io/restartedAt': '2026-11-22T00:00:00Z', note: 'x'.repeat(900) },
      creationTimestamp: '2026-11-22T00:00:00Z',
    },
    spec: {
      nodeName: `node-${i % 100}`,
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      containers: [
        {
          name: 'main',
          image: 'registry.example/app:1.2.3',
          args: ['--port=8080', '--log-level=info', `--instance=${i}`],
          ports: [{ containerPort: 8080, protocol: 'TCP' }],
          env: [
            { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
            { name: 'MODE', value: 'production' },
          ],
          resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } },
          volumeMounts: [{ name: 'data', mountPath: '/var/lib/app' }],
        },
      ],
      volumes: [{ name: 'data', emptyDir: {} }],
    },
    status: {
      phase: 'Running',
      podIP: `10.0.${(i >> 8) & 255}.${i & 255}`,
      conditions: [
        { type: 'Ready', status: 'True', lastTransitionTime: '2026-11-22T00:00:05Z' },
        { type: 'ContainersReady', status: 'True', lastTransitionTime: '2026-11-22T00:00:05Z' },
      ],
    },
  };
}

const encoder = new TextEncoder();
export const samplePodBytes = (i: number): Uint8Array => encoder.encode(JSON.stringify(samplePod(i)));
