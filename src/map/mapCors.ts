import type { CorsSettings } from '../domain/cors';
import type { CorsContext } from './contexts';

/** Settings `cors` as src/appgen/cors.ts reads it; null without the setting. */
export function mapCors(cors: CorsSettings | null): CorsContext | null {
  if (cors === null) return null;
  return {
    anyOrigin: cors.origins === '*',
    origins: cors.origins === '*' ? [] : [...cors.origins],
    credentials: cors.credentials,
    methods: [...(cors.methods ?? [])],
    headers: [...cors.headers],
    exposeHeaders: [...cors.exposeHeaders],
    maxAge: cors.maxAge,
    originsLiteral: cors.origins === '*' ? '"*"' : listLiteral(cors.origins),
    methodsLiteral: cors.methods && cors.methods.length > 0 ? listLiteral(cors.methods) : 'null',
    headersLiteral: listLiteral(cors.headers),
    exposeHeadersLiteral: listLiteral(cors.exposeHeaders),
  };
}

/** A TypeScript array of strings: `["GET", "POST"]`. */
function listLiteral(values: readonly string[]): string {
  return `[${values.map((value) => JSON.stringify(value)).join(', ')}]`;
}
