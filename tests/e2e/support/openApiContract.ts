import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * The contract test: every answer the e2e suites receive through `request` (support/http.ts) is
 * checked against the OpenAPI document the app itself serves (GET /api/openapi.json): its status
 * must be documented for the operation and its JSON body must match the documented schema. A
 * mismatch throws, failing the test that sent the request, so the document cannot drift from
 * the handlers.
 */

type Response = {
  content?: Record<string, { schema: unknown }>;
  headers?: Record<string, unknown>;
  /** `#/components/responses/<name>`: a response shared by operations (every error answer). */
  $ref?: string;
};
export type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { responses?: Record<string, Response> };
};
type Operation = { responses: Record<string, Response> };

const SHARED_RESPONSE = '#/components/responses/';

/** The response itself, and the JSON pointer of its schema, following a shared response's `$ref`. */
function resolveResponse(
  document: Document,
  response: Response,
  at: string[],
): { response: Response | undefined; at: string[] } {
  if (!response.$ref) return { response, at };
  if (!response.$ref.startsWith(SHARED_RESPONSE))
    throw new Error(`unexpected response $ref ${response.$ref}`);
  const name = response.$ref.slice(SHARED_RESPONSE.length);
  return {
    response: document.components?.responses?.[name],
    at: ['components', 'responses', name],
  };
}

interface LoadedContract {
  document: Document;
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
}

const contracts = new Map<string, Promise<LoadedContract | null>>();

async function loadContract(base: string): Promise<LoadedContract | null> {
  const response = await fetch(`${base}/api/openapi.json`);
  if (!response.ok) return null;
  return contractFromDocument((await response.json()) as Document);
}

/** A contract ready to check answers against one OpenAPI document. */
export function contractFromDocument(document: Document): LoadedContract {
  // The document is the root schema resource, so `#/components/schemas/X` refs resolve in it;
  // strict off: OpenAPI keywords (paths, responses, x-appgen-validators) are not JSON Schema's.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: 'openapi.json' });
  return { document, ajv, validators: new Map() };
}

function contractOf(base: string, fresh: boolean): Promise<LoadedContract | null> {
  if (fresh || !contracts.has(base))
    contracts.set(
      base,
      loadContract(base).catch(() => null),
    );
  return contracts.get(base) as Promise<LoadedContract | null>;
}

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The documented path a request path falls under: a path without parameters wins, as in Next.js. */
function matchPath(document: Document, path: string): string | undefined {
  const segments = path.split('/');
  const candidates = Object.keys(document.paths).filter((template) => {
    const parts = template.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, i) => /^\{.+\}$/.test(part) || part === segments[i])
    );
  });
  const params = (template: string) =>
    template.split('/').filter((part) => part.startsWith('{')).length;
  return candidates.sort((a, b) => params(a) - params(b))[0];
}

export interface Exchange {
  method: string;
  path: string;
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

/** What is wrong with an answer according to the document, or null when it fits. */
export function problemWith(contract: LoadedContract, exchange: Exchange): string | null {
  const path = exchange.path.split(/[?#]/)[0];
  const template = matchPath(contract.document, path);
  if (!template) return null; // not a documented route (a page, the document itself, a 404 of Next.js)
  const method = exchange.method.toLowerCase();
  const operation = contract.document.paths[template][method];
  if (!operation) {
    // Next.js answers HEAD and OPTIONS itself; other undeclared methods must be refused.
    return ['head', 'options'].includes(method) || exchange.status === 405
      ? null
      : `${exchange.method} is not documented for ${template} but was answered ${exchange.status}`;
  }
  const key = String(exchange.status) in operation.responses ? String(exchange.status) : 'default';
  const listed = operation.responses[key];
  if (!listed)
    return `status ${exchange.status} is not documented for ${exchange.method} ${template} (documented: ${Object.keys(operation.responses).join(', ')})`;
  const { response, at } = resolveResponse(contract.document, listed, [
    'paths',
    template,
    method,
    'responses',
    key,
  ]);
  if (!response)
    return `${listed.$ref} (${exchange.method} ${template} ${key}) is not in the document`;
  if (response.headers?.['X-Total-Count'] && exchange.headers.get('x-total-count') === null)
    return `X-Total-Count is missing from ${exchange.method} ${template} ${exchange.status}`;
  if (!response.content?.['application/json']) return null;
  if (exchange.text === '' || typeof exchange.body === 'string')
    return `the ${exchange.status} answer of ${exchange.method} ${template} is not JSON: ${exchange.text.slice(0, 200)}`;
  const ref = `openapi.json#/${pointer(...at, 'content', 'application/json', 'schema')}`;
  let validate = contract.validators.get(ref);
  if (!validate) {
    validate = contract.ajv.compile({ $ref: ref });
    contract.validators.set(ref, validate);
  }
  if (validate(exchange.body)) return null;
  return `the ${exchange.status} answer of ${exchange.method} ${template} does not match its schema: ${contract.ajv.errorsText(validate.errors)}; body: ${exchange.text.slice(0, 500)}`;
}

/**
 * Throws when the answer contradicts the app's document. A mismatch is checked again against a
 * freshly fetched document first: `appgen dev` regenerates it, and a port may serve a new app.
 */
export async function checkContract(base: string, exchange: Exchange): Promise<void> {
  const cached = await contractOf(base, false);
  if (!cached || problemWith(cached, exchange) === null) return;
  const fresh = await contractOf(base, true);
  const problem = fresh && problemWith(fresh, exchange);
  if (problem) throw new Error(`OpenAPI contract (${base}/api/openapi.json): ${problem}`);
}
