import type { FieldType, ParamType } from './fieldTypes';

/** The shapes of config files after schema validation. Nothing past the map stage sees these. */

export interface FieldOptions {
  type: FieldType;
  optional?: boolean;
  unique?: boolean;
  default?: string | number | boolean;
  /** Allowed values, for `enum` fields. */
  values?: string[];
}

export type FieldConfig = FieldType | FieldOptions;

export interface ModelConfig {
  name: string;
  fields: Record<string, FieldConfig>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface BodyFieldOptions {
  type: Exclude<FieldType, 'date_now'>;
  required?: boolean;
  validation?: string[];
  values?: string[];
}

export type BodyFieldConfig = BodyFieldOptions['type'] | BodyFieldOptions;

export interface RouteConfig {
  method: HttpMethod;
  path: string;
  params?: Record<string, ParamType>;
  body?: Record<string, BodyFieldConfig>;
  response?: string;
  model?: string;
  redirect?: string;
  function?: string;
  auth?: boolean;
  voter?: string;
}

export interface RoutesFileConfig {
  routes: RouteConfig[];
}

export interface ElementConfig {
  type: 'form' | 'input' | 'button';
  id?: string;
  label?: string;
  inputType?: string;
  required?: boolean;
  placeholder?: string;
  fields?: ElementConfig[];
}

export interface ViewConfig {
  name: string;
  path: string;
  title?: string;
  root: ElementConfig;
}

export type OrmName = 'prisma' | 'drizzle' | 'none';

export interface SettingsConfig {
  orm?: OrmName;
}
