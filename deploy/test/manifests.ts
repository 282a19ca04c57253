import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as operator from '@kubernetes-models/prometheus-operator';
import * as kubernetes from 'kubernetes-models';
import { parseAllDocuments } from 'yaml';
import { hasCommand, ROOT } from './repo';

/** A manifest as Kubernetes reads it. */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  // biome-ignore lint/suspicious/noExplicitAny: each kind's spec is read by the test that knows it.
  [field: string]: any;
}

export const KUSTOMIZE = `${ROOT}/deploy/kubernetes`;
/** The base and every overlay: the directories `kubectl apply -k` is given. */
export const TARGETS = [
  'base',
  ...readdirSync(`${KUSTOMIZE}/overlays`).map((name) => `overlays/${name}`),
];
export const KUBECTL = hasCommand('kubectl');

interface Model {
  apiVersion: string;
  kind: string;
  new (data: object): { validate(): void };
}

/**
 * Every model of Kubernetes' API and of the Prometheus Operator's, by
 * `apiVersion/kind`: the packages export groups of versions of models, and the
 * core group's version (`v1`) directly.
 */
const MODELS = new Map<string, Model>();
function collect(exports: object, depth: number) {
  for (const value of Object.values(exports)) {
    const model = value as Partial<Model>;
    if (typeof value === 'function' && model.apiVersion && model.kind) {
      MODELS.set(`${model.apiVersion}/${model.kind}`, value as Model);
    } else if (value && typeof value === 'object' && depth > 0) {
      collect(value, depth - 1);
    }
  }
}
collect({ ...kubernetes, ...operator }, 2);

/** Validates a manifest against its kind's schema; throws naming the field that is wrong. */
export function validate(manifest: Manifest) {
  const Model = MODELS.get(`${manifest.apiVersion}/${manifest.kind}`);
  if (!Model) throw new Error(`${manifest.apiVersion} ${manifest.kind}: no schema for this kind`);
  new Model(manifest).validate();
}

export function parseManifests(text: string): Manifest[] {
  return parseAllDocuments(text)
    .map((doc) => doc.toJS() as Manifest | null)
    .filter((doc): doc is Manifest => doc !== null);
}

/** `kubectl kustomize <target>`: what `kubectl apply -k` would send. */
export function render(target: string): Manifest[] {
  return parseManifests(
    execFileSync('kubectl', ['kustomize', resolve(KUSTOMIZE, target)], { encoding: 'utf8' }),
  );
}

/**
 * The base without kustomize: its resources as written and the ConfigMap its
 * generator makes from gateway.env (no name hash, no common labels). For a
 * machine without kubectl, where the overlays cannot be rendered.
 */
export function baseWithoutKustomize(): Manifest[] {
  const kustomization = parseManifests(
    readFileSync(`${KUSTOMIZE}/base/kustomization.yaml`, 'utf8'),
  )[0]!;
  const resources = (kustomization.resources as string[]).flatMap((file) =>
    parseManifests(readFileSync(`${KUSTOMIZE}/base/${file}`, 'utf8')),
  );
  return [
    ...resources,
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'portal-gateway' },
      data: envFile(readFileSync(`${KUSTOMIZE}/base/gateway.env`, 'utf8')),
    },
  ];
}

/** A kustomize env file: `NAME=value` lines, `#` comments. */
export function envFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** The one manifest of a kind (the test fails if there are none or several). */
export function one(manifests: Manifest[], kind: string): Manifest {
  const found = manifests.filter((m) => m.kind === kind);
  if (found.length !== 1) throw new Error(`${found.length} ${kind} manifests, expected one`);
  return found[0]!;
}
