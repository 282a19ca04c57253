#!/usr/bin/env node
// The gateway's Redis tests run Debian's redis-server, redis-sentinel and
// redis-cli (a real standalone server, a replica, sentinels and a cluster,
// started by the tests on free ports). redis-tools (redis-cli) comes with
// redis-server.
import { ensureCommands } from './ensure-commands.mjs';

ensureCommands(
  {
    'redis-server': 'redis-server',
    'redis-sentinel': 'redis-sentinel',
    'redis-cli': 'redis-server',
  },
  "The gateway's Redis tests",
);
