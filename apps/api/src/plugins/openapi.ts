/**
 * The OpenAPI document, generated from the zod schemas the routes already declare
 * (fastify-type-provider-zod + @fastify/swagger): GET /api/openapi.json.
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Реестр ТКО — API', version: '1.0.0', description: 'Реестр мест накопления, автопарк и аналитика регионального оператора.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
