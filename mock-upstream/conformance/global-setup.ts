import type { TestProject } from 'vitest/node';
import { buildMockUpstream } from '../src/app';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The account API under test. */
    accountApiUrl: string;
    /** True when it is the mock started here (it can be reset between files). */
    isMock: boolean;
  }
}

/**
 * Runs the suite against `CONFORMANCE_ACCOUNT_API_URL`, or, when it is unset,
 * against the mock account API started in this process on a free port.
 */
export default async function setup(project: TestProject) {
  const url = process.env.CONFORMANCE_ACCOUNT_API_URL;
  if (url) {
    project.provide('accountApiUrl', url.replace(/\/$/, ''));
    project.provide('isMock', false);
    return;
  }
  const mock = buildMockUpstream({ region: 'be' });
  const origin = await mock.app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('accountApiUrl', origin);
  project.provide('isMock', true);
  return async () => {
    await mock.app.close();
  };
}
