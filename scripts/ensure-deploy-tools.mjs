#!/usr/bin/env node
// The deploy tests (deploy/test/) run the documented proxy configurations on
// Debian's nginx and HAProxy with a certificate made by openssl, and read
// docker-compose.yml with compose v1 (Debian 12's docker-compose). kubectl is
// not Debian's to give (its package is 1.20, without today's Kustomize): the
// Kubernetes test says plainly what it could not render without it.
import { ensureCommands } from './ensure-commands.mjs';

ensureCommands(
  { nginx: 'nginx', haproxy: 'haproxy', openssl: 'openssl', 'docker-compose': 'docker-compose' },
  'The deploy tests',
);
