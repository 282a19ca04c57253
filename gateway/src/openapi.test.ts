import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { apiHeaders, testStack } from './test-helpers';

const stack = testStack({ scope: 'file' });

async function fetchDoc(url: string) {
  const res = await stack.gateway.inject({ url, headers: apiHeaders('be.localhost:3000') });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  return res.json();
}

async function expectValidOpenApi3(doc: unknown) {
  const result = await new Validator().validate(doc as Record<string, unknown>);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
}

describe('OpenAPI documents generated from the contract', () => {
  it('/api/openapi.json is valid OpenAPI 3 with the portal calls and the partner entry', async () => {
    const doc = await fetchDoc('/api/openapi.json');
    await expectValidOpenApi3(doc);
    expect(doc.openapi).toMatch(/^3\./);
    // Sign-in, the flow's first step, with its request body read from the zod 4 schemas (not an empty schema).
    const signIn = doc.paths['/api/sign-in/password'].post;
    const body = signIn.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['username', 'password']));
    expect(signIn.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'next',
    );
    // No token, no challenge payload crosses to the browser: the step answers the next page.
    expect(JSON.stringify(signIn.responses['200'])).not.toContain('access_token');
    expect(JSON.stringify(signIn.responses)).not.toContain('payload');
    // The deleted JSON doors are not published: sign-out is all that is left of /api/token.
    expect(Object.keys(doc.paths['/api/token'])).toEqual(['delete']);
    const paths = Object.keys(doc.paths);
    expect(
      paths.filter((p) => p.startsWith('/api/mfa/sudo') || p.startsWith('/api/fuzzion')),
    ).toEqual([]);
    // The partner's entry, with the OAuth parameters, and the authorize calls of the web app.
    const authorize = doc.paths['/authorize'].get;
    const params = authorize.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['client_id', 'redirect_uri', 'response_type', 'state']),
    );
    expect(authorize.responses).toHaveProperty('302');
    expect(doc.paths['/api/authorize']).toHaveProperty('get');
    // Every operation has a summary and an operation id.
    for (const item of Object.values(doc.paths) as Record<string, { summary?: string }>[]) {
      for (const op of Object.values(item)) expect(op.summary).toBeTruthy();
    }
  });

  it('/api/openapi/account.json documents the account API, the code exchange included', async () => {
    const doc = await fetchDoc('/api/openapi/account.json');
    await expectValidOpenApi3(doc);
    const token = doc.paths['/token'].post;
    expect(JSON.stringify(token.requestBody)).toContain('authorization_code');
    expect(JSON.stringify(token.responses['200'])).toContain('access_token');
    expect(doc.paths['/authorize']).toHaveProperty('get');
    expect(doc.paths['/mfa/{id}/activate'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]),
    );
    // The gateway's internal upstream addresses are never published.
    const servers = JSON.stringify(doc.servers);
    expect(servers).not.toContain(stack.be.app.listeningOrigin);
    expect(servers).not.toContain(stack.lu.app.listeningOrigin);
    expect(servers).not.toMatch(/127\.0\.0\.1|localhost/);
  });

  it('/api/docs renders every operation readably, with no script', async () => {
    const page = await stack.gateway.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toContain('<script');
    expect(page.body).not.toContain('style=');
    expect(page.body).toContain('<code>/api/sign-in/password</code>');
    expect(page.body).toContain('<code>/authorize</code>');
    expect(page.body).toContain('Sign in with an e-mail address or phone number and password');
    expect(page.body).not.toContain('<code>/api/mfa/sudo</code>');
    const css = await stack.gateway.inject({ url: '/api/docs.css' });
    expect(css.headers['content-type']).toContain('text/css');
  });
});
