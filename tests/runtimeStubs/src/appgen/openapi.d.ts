/** The OpenAPI document of the app's routes (template src/appgen/openapi.ts.hbs). */
export declare const openApiDocument: Record<string, unknown>;
