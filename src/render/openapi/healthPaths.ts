import type { JsonSchema } from './jsonSchemas';

/** The tag that groups the health checks in the API documentation. */
export const HEALTH_TAG = 'Health';

/** The error answers the health checks refer to (shared responses of the document). */
export const HEALTH_ERROR_STATUSES = [500, 503];
const internalError = { $ref: '#/components/responses/InternalServerError' };

const noStore = { 'Cache-Control': { schema: { type: 'string', const: 'no-store' } } };

/**
 * The two health checks every app serves (src/app/api/health), as OpenAPI path items: readiness
 * (200 `{"status":"ok",...}` or 503 with the project's error body) and liveness.
 */
export const HEALTH_PATHS: Record<string, Record<string, JsonSchema>> = {
  '/api/health': {
    get: {
      operationId: 'getApiHealth',
      tags: [HEALTH_TAG],
      summary: 'Readiness: the database answers and has every table and column this build reads',
      responses: {
        200: {
          description: 'Ready (the answer is reused for up to 1.5 s)',
          headers: noStore,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  status: { const: 'ok' },
                  checks: {
                    type: 'object',
                    properties: {
                      database: { enum: ['ok', 'none'] },
                      tables: { type: 'integer', minimum: 0 },
                    },
                    required: ['database', 'tables'],
                  },
                },
                required: ['status', 'checks'],
              },
            },
          },
        },
        500: internalError,
        503: { $ref: '#/components/responses/ServiceUnavailable' },
      },
    },
  },
  '/api/health/live': {
    get: {
      operationId: 'getApiHealthLive',
      tags: [HEALTH_TAG],
      summary: 'Liveness: the process serves requests',
      responses: {
        200: {
          description: 'Alive',
          headers: noStore,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { status: { const: 'ok' } },
                required: ['status'],
              },
            },
          },
        },
        500: internalError,
      },
    },
  },
};
