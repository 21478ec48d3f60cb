import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '../../src/domain/contract/contract.js';
import { currencySeasonRateEndpoint, referenceEndpoints } from '../../src/domain/contract/reference.js';
import { presenceStreamEndpoints } from '../../src/domain/contract/presence.js';
import { REFERENCE_RESOURCES } from '../../src/domain/reference/reference-resources.js';
import { defineEndpoint, type Endpoint } from '../../src/domain/contract/endpoint.js';
import { pathId } from '../../src/domain/record-id.js';
import { API_PREFIX } from '../../src/server/app.js';
import { registerResponseCheck } from '../../src/server/check-responses.js';
import { handleError } from '../../src/server/error-handler.js';
import { registerEndpoint } from '../../src/server/routes/register-endpoint.js';
import { createTestApp } from '../helpers/test-app.js';

const t = await createTestApp();
afterAll(() => t.close());

// Reference resources register only the calls SPEC.md lists for them (detail, delete).
const referenceEntries = REFERENCE_RESOURCES.flatMap((resource) =>
  Object.entries(referenceEndpoints(resource.key))
    .filter(([name]) => (name !== 'read' || resource.hasDetail) && (name !== 'remove' || resource.deletable))
    .map(([name, endpoint]) => ({ name: `reference(${resource.key}).${name}`, endpoint: endpoint as Endpoint })),
);
const entries = [
  ...Object.entries(contract).flatMap(([area, endpoints]) =>
    Object.entries(endpoints).map(([name, endpoint]) => ({ name: `${area}.${name}`, endpoint: endpoint as Endpoint })),
  ),
  ...referenceEntries,
  { name: 'currencySeasonRate', endpoint: currencySeasonRateEndpoint as Endpoint },
  // The streams stand outside `contract` (the typed client would wait for their end) but are entries all the same.
  ...Object.entries(presenceStreamEndpoints).map(([name, endpoint]) => ({ name: `presence.${name}`, endpoint: endpoint as Endpoint })),
];

describe('the endpoint table', () => {
  it('has a route on the server for every entry, with the entry’s own schemas', () => {
    for (const { name, endpoint } of entries) {
      const route = t.app.routeTable.find((candidate) => candidate.method === endpoint.method && candidate.url === API_PREFIX + endpoint.path);
      expect(route, name).toBeDefined();
      expect(route?.schema, name).toEqual({ params: endpoint.params, querystring: endpoint.query, body: endpoint.body });
    }
  });

  it('writes each method and path once', () => {
    const keys = entries.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

// A route of its own, answering what its entry does not allow: the one way to see the check act.
const broken = defineEndpoint({
  method: 'GET',
  path: '/broken/:id',
  params: z.object({ id: pathId }),
  response: z.object({ id: z.number(), name: z.string() }),
});

async function serverWithBrokenRoute(checkResponses: boolean) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  if (checkResponses) registerResponseCheck(app);
  registerEndpoint(app, broken, async (request) => ({ id: request.params.id, name: 42 }) as unknown as { id: number; name: string });
  await app.ready();
  return app;
}

describe('the response check', () => {
  it('turns an answer that breaks the contract into a 500 naming the route and the field', async () => {
    const app = await serverWithBrokenRoute(true);
    const response = await app.inject({ method: 'GET', url: '/broken/7' });
    expect(response.statusCode).toBe(500);
    const [error] = response.json<{ errors: { msg: string }[] }>().errors;
    expect(error.msg).toContain('GET /broken/:id breaks the contract');
    expect(error.msg).toContain('name');
    await app.close();
  });

  it('is off in production, where the handler’s answer leaves unparsed', async () => {
    const app = await serverWithBrokenRoute(false);
    const response = await app.inject({ method: 'GET', url: '/broken/7' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 7, name: 42 });
    await app.close();
  });

  it('leaves the validation of params as a hand-written route has it: 400 naming the parameter', async () => {
    const app = await serverWithBrokenRoute(true);
    const response = await app.inject({ method: 'GET', url: '/broken/abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ msg: 'Must be a number', path: 'id' }] });
    await app.close();
  });

  it('is on in the test app and off by default elsewhere', async () => {
    expect(t.config.checkResponses).toBe(true);
    const { readConfig } = await import('../../src/server/config.js');
    expect(readConfig({}).checkResponses).toBe(false);
    expect(readConfig({ NODE_ENV: 'test' }).checkResponses).toBe(true);
  });
});
