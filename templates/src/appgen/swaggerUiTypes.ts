// swagger-ui-dist ships no types: what src/appgen/apiDocs.tsx uses of it. A script (no import or
// export), so that this declares the module rather than augmenting it.
declare module "swagger-ui-dist/swagger-ui-es-bundle.js" {
  const SwaggerUI: (options: {
    url: string;
    domNode: HTMLElement;
    validatorUrl: string | null;
    deepLinking?: boolean;
  }) => unknown;
  export default SwaggerUI;
}
