import { AuthorizeQuery, accountApi, portalApi } from '@portal/contract';
import type { AppRouter } from '@ts-rest/core';
import { generateOpenApi, type SchemaTransformerSync } from '@ts-rest/open-api';
import { z } from 'zod';

/** ts-rest's generator hands out openapi3-ts objects; plain JSON is all we need of them. */
type Json = Record<string, unknown>;
export type OpenApiDocument = Json & {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Json>>;
};

function isZod(schema: unknown): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

/**
 * ts-rest's default transformer reads zod 3 only (it yields empty schemas for
 * zod 4): convert with zod 4's own JSON Schema output in its OpenAPI 3.0
 * dialect, requests as their input type, answers as their output type.
 * Named sub-schemas (`$defs`) move to `components.schemas`.
 */
function zod4Transformer(components: Record<string, Json>): SchemaTransformerSync {
  return ({ schema, type }) => {
    if (!isZod(schema)) return null;
    const {
      $schema: _,
      $defs,
      ...json
    } = z.toJSONSchema(schema, {
      target: 'openapi-3.0',
      io: type === 'response' ? 'output' : 'input',
      unrepresentable: 'any',
    }) as Json & { $defs?: Record<string, Json> };
    const relink = (value: unknown) =>
      JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as Json;
    for (const [name, def] of Object.entries($defs ?? {})) components[name] = relink(def);
    return relink(json);
  };
}

function generate(router: AppRouter, info: OpenApiDocument['info'], servers: Json[]) {
  const components: Record<string, Json> = {};
  const doc = generateOpenApi(
    router,
    { info, servers: servers as never },
    {
      setOperationId: 'concatenated-path',
      schemaTransformer: zod4Transformer(components),
    },
  ) as unknown as OpenApiDocument;
  if (Object.keys(components).length) {
    const existing = (doc.components as { schemas?: Json } | undefined)?.schemas ?? {};
    doc.components = { schemas: { ...components, ...existing } };
  }
  return doc;
}

const authorizeParameters = () => {
  const schema = z.toJSONSchema(AuthorizeQuery, { target: 'openapi-3.0', io: 'input' }) as {
    properties: Record<string, Json>;
    required?: string[];
  };
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
};

/**
 * The portal API (what the browser speaks to the gateway, under `/api`),
 * plus the partner's entry `GET /authorize`, which the gateway serves as
 * redirects rather than JSON.
 */
export function portalDocument(): OpenApiDocument {
  const doc = generate(
    portalApi,
    {
      title: 'Account portal: portal API',
      version: '1.0.0',
      description:
        'What the browser speaks to the gateway. The session is an httpOnly cookie set by the sign-in calls; no token ever appears in an answer. State-changing calls need an `X-Device-ID` header (a UUID) and must come from the portal itself (`Sec-Fetch-Site: same-origin`, own `Origin`). Partner apps start at `GET /authorize` and exchange the code at the account API (see `/api/openapi/account.json`).',
    },
    [{ url: '/', description: 'This host (its variant, BE or LU, follows from the Host)' }],
  );
  doc.paths['/authorize'] = {
    get: {
      operationId: 'partner.authorize',
      summary:
        "A partner app's authorisation request (OAuth 2 code flow with PKCE S256): the browser is sent to sign-in, the consent screen, or back to the redirect URI with `code` and `state`",
      tags: ['oauth'],
      parameters: authorizeParameters(),
      responses: {
        '302': {
          description:
            'To `/login/email` (not signed in; the request resumes after sign-in and MFA), to `/approve` (scopes need consent), or to the registered `redirect_uri` with `code` and `state`',
        },
        '400': {
          description:
            'Unknown client or unregistered redirect URI: never redirected; the portal shows the invalid-configuration page',
        },
      },
    },
  };
  return doc;
}

/**
 * The account API a regional upstream speaks; partners call its `POST /token`
 * for the code exchange. Its addresses are the gateway's internal upstreams
 * and are never published here: a partner gets its region's public address
 * with its client registration (docs/security.md).
 */
export function accountDocument(): OpenApiDocument {
  return generate(
    accountApi,
    {
      title: 'Account portal: account API',
      version: '1.0.0',
      description:
        "What a regional account API (Belgium or Luxembourg) speaks; the gateway calls it with the user's bearer token. Partner apps exchange their authorization code here: `POST /token` with `grant_type=authorization_code`, the `code_verifier` of PKCE, `client_id` and `redirect_uri`.",
    },
    [
      {
        url: '{accountApi}',
        description:
          'The account API of your region (Belgium or Luxembourg); its address comes with your client registration',
        variables: {
          accountApi: {
            default: 'https://account-api.example',
            description: 'The address given with your client registration',
          },
        },
      },
    ],
  );
}
