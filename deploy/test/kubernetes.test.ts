import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../gateway/src/config';
import {
  baseWithoutKustomize,
  KUBECTL,
  KUSTOMIZE,
  one,
  parseManifests,
  render,
  TARGETS,
  validate,
} from './manifests';
import { gatewayVariables, readRepoFile } from './repo';

/**
 * deploy/kubernetes as `kubectl apply -k` sends it: each target rendered by
 * `kubectl kustomize`, every manifest validated against Kubernetes' schemas
 * and the Prometheus Operator's (kubernetes-models), and what the operator
 * relies on checked in the rendered output (docs/operations.md, "Running on
 * Kubernetes").
 */

const BASE_KINDS = [
  'ConfigMap',
  'Deployment',
  'HorizontalPodAutoscaler',
  'Ingress',
  'NetworkPolicy',
  'PodDisruptionBudget',
  'PrometheusRule',
  'Service',
  'ServiceMonitor',
];

// Without kubectl (a fresh machine), the overlays cannot be rendered: the base
// is then read as written and validated, and this says so rather than passing quietly.
beforeAll(() => {
  if (!KUBECTL) {
    console.warn(
      '[deploy] kubectl is not on PATH: the overlays were NOT rendered; only the base and the ' +
        "overlays' own files were validated. Install kubectl to check what `kubectl apply -k` sends.",
    );
  }
});

describe.runIf(KUBECTL)('kubectl kustomize', () => {
  it.each(TARGETS)('renders %s, and every manifest validates against its schema', (target) => {
    const manifests = render(target);
    expect([...new Set(manifests.map((m) => m.kind))].sort()).toEqual(
      expect.arrayContaining(BASE_KINDS),
    );
    for (const manifest of manifests) {
      expect(() => validate(manifest), `${manifest.kind} ${manifest.metadata.name}`).not.toThrow();
    }
  });

  it('refuses a manifest that breaks its schema (the validation is real)', () => {
    const deployment = one(render('base'), 'Deployment');
    deployment.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    expect(() => validate(deployment)).toThrow(/containerPort must be integer/);
    const rule = one(render('base'), 'PrometheusRule');
    rule.spec.groups[0].rules[0].for = 5;
    expect(() => validate(rule)).toThrow(/for must be string/);
  });
});

describe('as written', () => {
  it("validates the base and the overlays' own manifests without kustomize", () => {
    for (const manifest of baseWithoutKustomize()) validate(manifest);
    for (const target of TARGETS.filter((t) => t.startsWith('overlays/'))) {
      for (const file of ['namespace.yaml', 'ingress.yaml']) {
        let text: string;
        try {
          text = readFileSync(join(KUSTOMIZE, target, file), 'utf8');
        } catch {
          continue;
        }
        for (const manifest of parseManifests(text)) validate(manifest);
      }
    }
  });
});

/** The rendered targets (or the base as written, without kubectl), read once. */
const rendered = Object.fromEntries(
  (KUBECTL ? TARGETS : ['base']).map((target) => [
    target,
    KUBECTL ? render(target) : baseWithoutKustomize(),
  ]),
);

/** An empty folder holding an index.html: the built web app, for the gateway's own check. */
let webDist: string;
beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'portal-deploy-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html>');
});

describe.each(Object.keys(rendered))('%s', (target) => {
  const manifests = rendered[target]!;
  const deployment = one(manifests, 'Deployment');
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];
  const configMap = one(manifests, 'ConfigMap');
  const settings = configMap.data as Record<string, string>;
  const port = (name: string) =>
    container.ports.find((p: { name: string }) => p.name === name)?.containerPort;

  it('configures the gateway with variables it reads and values it accepts', () => {
    const known = [...gatewayVariables(), 'NODE_OPTIONS'];
    expect(Object.keys(settings).filter((name) => !known.includes(name))).toEqual([]);
    expect(Object.entries(settings).filter(([, value]) => value.trim() === '')).toEqual([]);
    // The gateway's own parser, as the image runs it (the Secret's keys stand in).
    const config = loadConfig({
      ...settings,
      NODE_ENV: 'production',
      WEB_DIST: webDist,
      EVENT_HASH_KEY: 'a-secret-of-sixteen-characters-or-more',
    });
    expect(config.MANAGEMENT_HOST).toBe('0.0.0.0');
    expect(config.HOST).toBe('0.0.0.0');
    expect(port('http')).toBe(config.PORT);
    expect(port('management')).toBe(config.MANAGEMENT_PORT);
    // The settings come from this ConfigMap (its generated name) and the Secret.
    expect(container.envFrom).toEqual([
      { configMapRef: { name: configMap.metadata.name } },
      { secretRef: { name: 'portal-gateway' } },
    ]);
  });

  it('probes the management port: started, live and ready, with timeouts a busy pod meets', () => {
    const probes = {
      startupProbe: '/startupz',
      livenessProbe: '/livez',
      readinessProbe: '/readyz',
    };
    for (const [probe, path] of Object.entries(probes)) {
      expect(container[probe].httpGet, probe).toEqual({ path, port: 'management' });
      // Kubernetes' default of 1 s took every pod out at once on a busy node.
      expect(container[probe].timeoutSeconds, probe).toBeGreaterThanOrEqual(2);
    }
    // The startup probe gives a cold start a minute; liveness waits for it.
    const startup = container.startupProbe;
    expect(startup.periodSeconds * startup.failureThreshold).toBeGreaterThanOrEqual(60);
  });

  it('pauses before it stops, and is given longer to stop than it drains', () => {
    const pause = Number(container.lifecycle.preStop.exec.command.at(-1));
    expect(container.lifecycle.preStop.exec.command).toEqual(['sleep', String(pause)]);
    expect(pause).toBeGreaterThanOrEqual(5);
    // The chain of docs/operations.md, "Timeouts and shutdown": the grace
    // counts from the preStop pause, then the gateway's own pause and drain.
    const config = loadConfig({ ...settings, NODE_ENV: 'test' });
    const stop = pause + (config.SHUTDOWN_DELAY_MS + config.SHUTDOWN_DRAIN_MS) / 1000;
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(stop);
    expect(config.SHUTDOWN_DRAIN_MS).toBeGreaterThan(config.UPSTREAM_TIMEOUT_MS);
  });

  it('runs as non-root on a read-only root, no capability, the runtime seccomp profile', () => {
    expect(pod.securityContext).toMatchObject({
      runAsNonRoot: true,
      runAsUser: 1000,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    expect(pod.automountServiceAccountToken).toBe(false);
    // /tmp the only writable path, an emptyDir.
    expect(container.volumeMounts).toEqual([{ name: 'tmp', mountPath: '/tmp' }]);
    expect(pod.volumes).toEqual([{ name: 'tmp', emptyDir: { sizeLimit: '16Mi' } }]);
  });

  it('requests and limits its memory, with Node sized for the limit', () => {
    expect(container.resources.requests).toMatchObject({ cpu: '500m', memory: '512Mi' });
    expect(container.resources.limits.memory).toBe('512Mi');
    expect(container.env).toContainEqual({
      name: 'NODE_OPTIONS',
      value: '--max-semi-space-size=16',
    });
  });

  it('selects its pods in the Service, the PodDisruptionBudget and the NetworkPolicy', () => {
    const labels = deployment.spec.template.metadata.labels;
    const selects = (selector: Record<string, string>) =>
      Object.entries(selector).every(([k, v]) => labels[k] === v);
    const service = one(manifests, 'Service');
    expect(selects(service.spec.selector)).toBe(true);
    expect(selects(deployment.spec.selector.matchLabels)).toBe(true);
    expect(selects(one(manifests, 'PodDisruptionBudget').spec.selector.matchLabels)).toBe(true);
    expect(one(manifests, 'PodDisruptionBudget').spec.maxUnavailable).toBe(1);
    expect(selects(one(manifests, 'NetworkPolicy').spec.podSelector.matchLabels)).toBe(true);
    expect(service.spec.ports).toEqual([
      { name: 'http', port: 3000, targetPort: 'http', protocol: 'TCP' },
      { name: 'management', port: 9000, targetPort: 'management', protocol: 'TCP' },
    ]);
  });

  it('lets only the monitoring namespace reach the management port', () => {
    const policy = one(manifests, 'NetworkPolicy').spec;
    expect(policy.policyTypes).toEqual(['Ingress']);
    const management = policy.ingress.filter((rule: { ports: { port: string }[] }) =>
      rule.ports.some((p) => p.port === 'management'),
    );
    expect(management).toEqual([
      {
        from: [
          { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
        ],
        ports: [{ port: 'management', protocol: 'TCP' }],
      },
    ]);
    // Every other rule opens the public port alone.
    for (const rule of policy.ingress.filter((r: object) => !management.includes(r))) {
      expect(rule.ports).toEqual([{ port: 'http', protocol: 'TCP' }]);
    }
  });

  it('scales on CPU, from enough pods that one lost leaves two', () => {
    const hpa = one(manifests, 'HorizontalPodAutoscaler').spec;
    expect(hpa.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: deployment.metadata.name,
    });
    expect(hpa.minReplicas).toBeGreaterThanOrEqual(3);
    expect(hpa.metrics[0]).toMatchObject({ type: 'Resource', resource: { name: 'cpu' } });
    // The HPA owns the count: a `replicas:` would reset it at every apply.
    expect(deployment.spec.replicas).toBeUndefined();
    // Each pod's share of the limits while Redis is away: the HPA's floor.
    expect(Number(settings.RATE_LIMIT_GATEWAYS)).toBe(hpa.minReplicas);
  });

  it("scrapes the management port's /metrics", () => {
    const monitor = one(manifests, 'ServiceMonitor').spec;
    const service = one(manifests, 'Service');
    expect(monitor.endpoints).toMatchObject([{ port: 'management', path: '/metrics' }]);
    expect(
      Object.entries(monitor.selector.matchLabels).every(
        ([k, v]) => service.metadata.labels?.[k] === v,
      ),
    ).toBe(KUBECTL); // the labels are kustomize's: without it, the Service has none yet
  });

  it('alerts on exactly what docs/operations.md lists', () => {
    const rules = one(manifests, 'PrometheusRule').spec.groups.flatMap(
      (group: { rules: object[] }) => group.rules,
    );
    const documented = [
      ...readRepoFile('docs/operations.md').matchAll(/^- `(Portal\w+)` \(for (\w+)\): `([^`]+)`/gm),
    ].map(([, alert, duration, expr]) => ({ alert, for: duration, expr }));
    expect(documented.length).toBeGreaterThanOrEqual(7);
    expect(
      rules.map(({ alert, for: duration, expr }: Record<string, string>) => ({
        alert,
        for: duration,
        expr,
      })),
    ).toEqual(documented);
  });

  it('routes each public origin, and only those, to the portal port over TLS', () => {
    const ingress = one(manifests, 'Ingress').spec;
    const config = loadConfig({ ...settings, NODE_ENV: 'test' });
    const configured = (['PUBLIC_ORIGIN_BE', 'PUBLIC_ORIGIN_LU'] as const)
      .filter((name) => settings[name])
      .flatMap((name) => config[name].map((origin) => new URL(origin)));
    expect(configured.every((origin) => origin.protocol === 'https:')).toBe(true);
    const hosts = configured.map((origin) => origin.host).sort();
    expect(ingress.rules.map((rule: { host: string }) => rule.host).sort()).toEqual(hosts);
    expect(ingress.tls.flatMap((tls: { hosts: string[] }) => tls.hosts).sort()).toEqual(hosts);
    for (const rule of ingress.rules) {
      expect(rule.http.paths).toEqual([
        {
          path: '/',
          pathType: 'Prefix',
          backend: { service: { name: 'portal-gateway', port: { name: 'http' } } },
        },
      ]);
    }
    // The timeout chain: the proxy waits longer than the gateway's own deadline.
    const annotations = one(manifests, 'Ingress').metadata.annotations ?? {};
    const readTimeout = Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']);
    expect(readTimeout * 1000).toBeGreaterThan(Number(settings.UPSTREAM_TIMEOUT_MS));
    expect(readTimeout).toBeGreaterThan(
      deployment.spec.template.spec.terminationGracePeriodSeconds,
    );
    expect(annotations['nginx.ingress.kubernetes.io/proxy-next-upstream-tries']).toBe('2');
  });
});

describe.runIf(KUBECTL)('the overlays', () => {
  it.each([
    ['be', 'PUBLIC_ORIGIN_BE', 'PUBLIC_ORIGIN_LU', 'account.example.be'],
    ['lu', 'PUBLIC_ORIGIN_LU', 'PUBLIC_ORIGIN_BE', 'account.example.lu'],
  ])('%s serves its own country alone, in its own namespace', (country, own, other, host) => {
    const manifests = rendered[`overlays/${country}`]!;
    const settings = one(manifests, 'ConfigMap').data;
    expect(settings[own]).toBe(`https://${host}`);
    expect(settings).not.toHaveProperty(other);
    expect(one(manifests, 'Namespace').metadata.name).toBe(`portal-${country}`);
    for (const manifest of manifests.filter((m) => m.kind !== 'Namespace')) {
      expect(manifest.metadata.namespace, manifest.kind).toBe(`portal-${country}`);
    }
    expect(one(manifests, 'Ingress').spec.rules.map((r: { host: string }) => r.host)).toEqual([
      host,
    ]);
  });

  it('redis-sentinel shares the limits through the sentinels, with no REDIS_URL', () => {
    const settings = one(rendered['overlays/redis-sentinel']!, 'ConfigMap').data;
    expect(settings.REDIS_SENTINEL_NAME).toBe('mymaster');
    expect(settings.REDIS_SENTINELS.split(',')).toHaveLength(3);
    expect(settings).not.toHaveProperty('REDIS_URL');
    // The gateway reads them as the Sentinel mode (a Secret's REDIS_URL beside them would stop it).
    const config = loadConfig({ ...settings, NODE_ENV: 'test' });
    expect(config.REDIS_SENTINELS).toHaveLength(3);
  });

  it('the event-loop lag component adds the custom metric to the HPA', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-deploy-kustomize-'));
    writeFileSync(
      join(dir, 'kustomization.yaml'),
      `resources: [${relative(dir, `${KUSTOMIZE}/base`)}]\ncomponents: [${relative(dir, `${KUSTOMIZE}/components/hpa-event-loop-lag`)}]\n`,
    );
    const hpa = one(render(dir), 'HorizontalPodAutoscaler');
    validate(hpa);
    expect(hpa.spec.metrics).toContainEqual({
      type: 'Pods',
      pods: {
        metric: { name: 'portal_nodejs_eventloop_lag_p99_seconds' },
        target: { type: 'AverageValue', averageValue: '50m' },
      },
    });
  });
});
