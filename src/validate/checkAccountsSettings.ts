import type { ModelConfig, ProviderConfig, SettingsConfig } from '../config/configTypes';
import { FIELD_TYPES } from '../config/fieldTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import {
  DEFAULT_RESET_LINK,
  DEFAULT_SIGN_IN_LIMITS,
  DEFAULT_TOKEN_SCHEME,
  DEFAULT_VERIFY_LINK,
  OIDC_PRESETS,
  defaultEmailField,
  defaultIdentity,
  passwordFields,
  type ProviderProtocol,
  type SignInLimits,
} from '../domain/accounts';
import { fieldOptions, isRequiredOnCreate } from '../domain/fields';
import { isUniqueField } from '../domain/routeParams';
import type { CheckedModel } from './checkedProject';
import { checkValidators } from './checkBody';
import { diagnosticAt } from './locate';

/** The `accounts` settings in long form, with every default filled in. */
export interface CheckedAccounts {
  /** The model of the app's users (`accounts.model`, else User when declared), or null. */
  model: string | null;
  /** Unique fields a log-in names the account by. */
  identity: string[];
  /** The accounts model's password field, when it has exactly one. */
  passwordField: string | null;
  tokenScheme: string;
  passwordRules: string[];
  throttle: SignInLimits;
  /** `accounts.roles`: the roles, the field of the accounts model that holds one, a sign-up's; null without roles. */
  roles: CheckedRoles | null;
  /** The unique field of the accounts model that account mail goes to, or null (none, or a mistake reported). */
  emailField: string | null;
  /** `accounts.emailField` has a mistake (reported): mail routes are not told there is none. */
  emailFieldProblem: boolean;
  /** `accounts.requireVerified`: a log-in of an unverified address is refused. */
  requireVerified: boolean;
  /** `accounts.mailFrom`, or null (the default sender). */
  mailFrom: string | null;
  /** Where reset and verification mails link (a path of the app or an absolute URL). */
  resetLink: string;
  verifyLink: string;
  /** `accounts.providers` that hold, in their order: OpenID Connect providers users sign in with. */
  providers: CheckedProvider[];
  /** `accounts.providers` has mistakes (reported): routes are not told there are none. */
  providersProblem: boolean;
  /** `accounts.identity` has mistakes (reported): routes are not checked against it. */
  identityProblems: boolean;
  /**
   * The settings file or the accounts model's file has mistakes (reported): account routes are
   * not checked against defaults.
   */
  unchecked: boolean;
}

/** An OpenID Connect provider of `accounts.providers`, its preset resolved. */
export interface CheckedProvider {
  /** Its name, in paths and in APPGEN_OIDC_<NAME>_* variables. */
  name: string;
  issuer: string;
  label: string;
  /** OpenID Connect, or GitHub's OAuth 2.0 (`"preset": "github"`). */
  protocol: ProviderProtocol;
}

export interface CheckedRoles {
  values: string[];
  /** The field appgen adds to the accounts model (an enum of the roles). */
  field: string;
  /** The role a new account gets: the field's default. */
  defaultRole: string;
  /** `accounts.requireTotpFor`: roles acted with only once one-time codes are confirmed. */
  requireTotpFor: string[];
}

export interface AccountsChecks {
  /** The settings file has mistakes (reported). */
  settingsUnchecked?: boolean;
  /** Models declared in files that failed their checks. */
  uncheckedModels?: ReadonlySet<string>;
}

/**
 * The accounts model and its log-in settings: `accounts.model` must name a model; `identity`
 * unique text fields of it; `passwordRules` validators of text.
 */
export function checkAccountsSettings(
  settings: SettingsConfig | undefined,
  document: ConfigDocument | undefined,
  models: ReadonlyMap<string, CheckedModel>,
  { settingsUnchecked = false, uncheckedModels = new Set<string>() }: AccountsChecks = {},
): { accounts: CheckedAccounts; problems: Diagnostic[] } {
  const config = settings?.accounts ?? {};
  const problems: Diagnostic[] = [];
  const at = (pointer: string, message: string, hint: string) =>
    document && problems.push(diagnosticAt(document, `/accounts${pointer}`, message, hint));
  const known = (name: string) => models.has(name) || uncheckedModels.has(name);
  let model: string | null = config.model ?? (known('User') ? 'User' : null);
  // The accounts model's own file has problems (reported there): the model keeps its name, so
  // routes that need one are not told there is none, and account routes are not checked.
  const modelUnchecked = model !== null && uncheckedModels.has(model);
  if (model !== null && !known(model)) {
    at(
      '/model',
      `unknown model "${model}"`,
      suggest(model, [...models.keys()], 'a model:') || 'declare it in config/models/.',
    );
    model = null;
  }
  const modelConfig = model === null ? undefined : models.get(model)?.config;
  const identity = config.identity ?? (modelConfig ? defaultIdentity(modelConfig) : []);
  const before = problems.length;
  if (config.identity && modelConfig)
    config.identity.forEach((name, index) =>
      checkIdentityField(modelConfig, name, 'identity', (message, hint) =>
        at(`/identity/${index}`, message, hint),
      ),
    );
  if (config.passwordRules && document)
    problems.push(
      ...checkValidators(
        document,
        '/accounts',
        { type: 'password', validation: config.passwordRules },
        'passwordRules',
      ),
    );
  const passwords = modelConfig ? passwordFields(modelConfig) : [];
  const beforeEmail = problems.length;
  if (config.emailField && modelConfig)
    checkIdentityField(modelConfig, config.emailField, 'address', (message, hint) =>
      at('/emailField', message, hint),
    );
  const emailFieldProblem = problems.length > beforeEmail;
  const emailField = emailFieldProblem
    ? null
    : (config.emailField ?? (modelConfig ? defaultEmailField(modelConfig) : null));
  const roles = checkRoles(config, model === null ? undefined : models.get(model), at);
  const beforeProviders = problems.length;
  const providers = checkProviders(config.providers ?? {}, at);
  const providersProblem = problems.length > beforeProviders;
  if (providers.length > 0)
    checkProviderAccounts(modelConfig, model, emailField, passwords, roles?.field ?? null, at);
  return {
    accounts: {
      model,
      identity,
      passwordField: passwords.length === 1 ? passwords[0] : null,
      tokenScheme: config.tokenScheme ?? DEFAULT_TOKEN_SCHEME,
      passwordRules: config.passwordRules ?? [],
      throttle: { ...DEFAULT_SIGN_IN_LIMITS, ...config.throttle },
      roles,
      emailField,
      emailFieldProblem,
      requireVerified: config.requireVerified === true,
      mailFrom: config.mailFrom ?? null,
      resetLink: config.resetLink ?? DEFAULT_RESET_LINK,
      verifyLink: config.verifyLink ?? DEFAULT_VERIFY_LINK,
      providers,
      providersProblem,
      identityProblems: beforeEmail > before,
      unchecked: settingsUnchecked || modelUnchecked,
    },
    problems,
  };
}

/**
 * A field that names one account by text: an identity a log-in reads (`accounts.identity`), or
 * the address account mail goes to (`accounts.emailField`, `role` "address").
 */
function checkIdentityField(
  model: ModelConfig,
  name: string,
  role: 'identity' | 'address',
  problem: (message: string, hint: string) => void,
): void {
  const field = Object.hasOwn(model.fields, name) ? model.fields[name] : undefined;
  if (!field)
    return problem(
      `"${name}" is not a field of ${model.name}`,
      suggest(name, Object.keys(model.fields), 'a field:') || 'name a unique field of the model.',
    );
  const { type } = fieldOptions(field);
  if (FIELD_TYPES[type].kind !== 'string' || type === 'password')
    return problem(
      role === 'identity'
        ? `an identity is text a user types, and ${model.name}.${name} is ${type}`
        : `account mail goes to an address, text, and ${model.name}.${name} is ${type}`,
      role === 'identity'
        ? 'name a unique string field, e.g. "email" or "username".'
        : 'name the unique string field that holds the address, e.g. "email".',
    );
  if (!isUniqueField(model, name))
    problem(
      `${model.name}.${name} is not unique, so ${role === 'identity' ? 'it cannot name one account' : 'a mail to it could reach several accounts'}`,
      `add "unique": true to ${model.name}.${name}.`,
    );
}

/**
 * `accounts.roles`, `defaultRole` and `roleField`: the default one of the roles, the field a name
 * the accounts model does not use. When they hold, the field is added to the model (an enum of
 * the roles whose default is the sign-up's role), so both ORMs' schemas, the types and the
 * OpenAPI document have it like any field.
 */
function checkRoles(
  config: NonNullable<SettingsConfig['accounts']>,
  model: CheckedModel | undefined,
  at: (pointer: string, message: string, hint: string) => void,
): CheckedRoles | null {
  const values = config.roles;
  if (!values) {
    for (const key of ['defaultRole', 'roleField', 'requireTotpFor'] as const)
      if (config[key] !== undefined)
        at(
          `/${key}`,
          `"${key}" needs "roles"`,
          'name the roles, e.g. "roles": ["member", "admin"], or remove it.',
        );
    return null;
  }
  const defaultRole = config.defaultRole ?? values[0];
  if (!values.includes(defaultRole)) {
    at(
      '/defaultRole',
      `"${defaultRole}" is not one of the roles`,
      suggest(defaultRole, values, 'a role:') || `name one of ${values.join(', ')}.`,
    );
    return null;
  }
  if (!model) {
    at(
      '/roles',
      'roles belong to the users, and there is no accounts model',
      'declare config/models/User.json (or set "accounts.model"), or remove "roles".',
    );
    return null;
  }
  const field = config.roleField ?? 'role';
  const { name, fields, relations = {}, computed = {} } = model.config;
  if (
    Object.hasOwn(fields, field) ||
    Object.hasOwn(relations, field) ||
    Object.hasOwn(computed, field)
  ) {
    at(
      config.roleField === undefined ? '/roles' : '/roleField',
      `roles are stored in ${name}.${field}, which ${name} already declares`,
      `remove "${field}" from config/models/${name}.json (appgen adds it, an enum of the roles), or set "roleField" to a name ${name} does not use.`,
    );
    return null;
  }
  const requireTotpFor = checkRequireTotpFor(config.requireTotpFor ?? [], values, defaultRole, at);
  model.config = {
    ...model.config,
    fields: { ...fields, [field]: { type: 'enum', values, default: defaultRole } },
  };
  return { values, field, defaultRole, requireTotpFor };
}

/**
 * `accounts.requireTotpFor`: roles of `roles` (did-you-mean), not the default role, which a user
 * without codes acts with. The routes that set codes up are checked with the routes
 * (checkRequireTotp). Only the roles that hold are kept.
 */
function checkRequireTotpFor(
  required: readonly string[],
  values: readonly string[],
  defaultRole: string,
  at: (pointer: string, message: string, hint: string) => void,
): string[] {
  return required.filter((role, index) => {
    if (!values.includes(role)) {
      at(
        `/requireTotpFor/${index}`,
        `"${role}" is not one of the roles (${values.join(', ')})`,
        suggest(role, [...values], 'a role:') || `name one of ${values.join(', ')}.`,
      );
      return false;
    }
    if (role === defaultRole) {
      at(
        `/requireTotpFor/${index}`,
        `"${role}" is the default role, which a user acts with until their one-time codes are set up`,
        `name roles above "${defaultRole}" (e.g. "admin"), or make another role the default.`,
      );
      return false;
    }
    return true;
  });
}

/** Hosts a plain-http issuer may have: a provider on the same machine (tests, development). */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * `accounts.providers`: each an `issuer` (an https URL; http on loopback only) or a known
 * `preset`, not both. Only the providers that hold are kept.
 */
function checkProviders(
  providers: Record<string, ProviderConfig>,
  at: (pointer: string, message: string, hint: string) => void,
): CheckedProvider[] {
  const checked: CheckedProvider[] = [];
  for (const [name, provider] of Object.entries(providers)) {
    const where = `/providers/${name}`;
    if ((provider.issuer === undefined) === (provider.preset === undefined)) {
      at(
        where,
        `provider "${name}" needs an "issuer" or a "preset", one of the two`,
        provider.issuer === undefined
          ? `add "issuer": "https://login.example.com", or "preset": one of ${Object.keys(OIDC_PRESETS).join(', ')}.`
          : 'remove "preset" (the issuer says where the provider is), or "issuer".',
      );
      continue;
    }
    if (provider.preset !== undefined) {
      const preset = Object.hasOwn(OIDC_PRESETS, provider.preset)
        ? OIDC_PRESETS[provider.preset]
        : undefined;
      if (!preset) {
        at(
          `${where}/preset`,
          `"${provider.preset}" is not a provider appgen knows (${Object.keys(OIDC_PRESETS).join(', ')})`,
          suggest(provider.preset, Object.keys(OIDC_PRESETS), 'a preset:') ||
            'name its "issuer" instead.',
        );
        continue;
      }
      const label = provider.label ?? preset.label;
      checked.push({ name, issuer: preset.issuer, label, protocol: preset.protocol });
      continue;
    }
    const issuer = provider.issuer ?? '';
    const problem = issuerProblem(issuer);
    if (problem) {
      at(
        `${where}/issuer`,
        problem,
        'use the https URL the provider documents as its issuer, e.g. "https://login.example.com".',
      );
      continue;
    }
    const label = provider.label ?? name;
    checked.push({ name, issuer: issuer.replace(/\/$/, ''), label, protocol: 'oidc' });
  }
  return checked;
}

/** Why a text is not an issuer URL appgen accepts, or null. */
function issuerProblem(issuer: string): string | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return `"${issuer}" is not a URL`;
  }
  if (url.search !== '' || url.hash !== '')
    return `an issuer has no query or fragment, and "${issuer}" does`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  return `an issuer is an https URL (http only on 127.0.0.1 or localhost), and "${issuer}" is not`;
}

/**
 * A provider's sign-in finds an account by its address, or makes one from the provider's claims:
 * the accounts model needs `accounts.emailField`, and every field a new account must have is
 * one appgen fills (the address; `name` from the claim of that name; a password, set to one no
 * one knows; the role, by its default).
 */
function checkProviderAccounts(
  model: ModelConfig | undefined,
  modelName: string | null,
  emailField: string | null,
  passwords: readonly string[],
  roleField: string | null,
  at: (pointer: string, message: string, hint: string) => void,
): void {
  if (!model || modelName === null) {
    at(
      '/providers',
      "a sign-in with a provider signs in one of the app's users, and there is no accounts model",
      'declare config/models/User.json (or set "accounts.model"), or remove "providers".',
    );
    return;
  }
  if (emailField === null) {
    at(
      '/providers',
      `a sign-in with a provider finds or makes an account by its address, and ${modelName} has no unique email field`,
      `add "email": { "type": "string", "unique": true } to ${modelName}, or name it with "accounts.emailField".`,
    );
    return;
  }
  // `name` takes the claim of that name when it holds text.
  const named =
    Object.hasOwn(model.fields, 'name') && fieldOptions(model.fields.name).type === 'string';
  const filled = new Set([
    emailField,
    ...(named ? ['name'] : []),
    ...passwords,
    ...(roleField ? [roleField] : []),
  ]);
  const unfilled = Object.entries(model.fields)
    .filter(([name, field]) => isRequiredOnCreate(name, field) && !filled.has(name))
    .map(([name]) => name);
  if (unfilled.length > 0)
    at(
      '/providers',
      `a sign-in with a provider makes accounts from its claims, and ${modelName} requires ${unfilled.map((n) => `"${n}"`).join(', ')}, which no claim fills`,
      `make ${unfilled.length > 1 ? 'them' : 'it'} optional or give ${unfilled.length > 1 ? 'them' : 'it'} a default in config/models/${modelName}.json (a provider's account has its address, "name" and no password of its own).`,
    );
}
