import type { ModelConfig } from '../config/configTypes';
import { sentFieldNames, urlFieldNames } from './computedFields';

/** The accounts settings a private field depends on. */
export interface AccountsIdentity {
  model: string | null;
  identity: string[];
}

/**
 * The fields of a model that an included record leaves out unless the route's `include` names
 * them: the accounts model's identity fields (a user's e-mail address). The record's own routes
 * still send them; a comment's author is a mention, not the account.
 */
export function privateFieldNames(model: ModelConfig, accounts: AccountsIdentity): string[] {
  return model.name === accounts.model ? accounts.identity : [];
}

/**
 * What an include that names no `fields` sends of each related record: null (every field that
 * is not hidden, and its url fields) unless the model has private fields, else every sent field
 * but those, then its url fields.
 */
export function includedFieldNames(
  model: ModelConfig,
  accounts: AccountsIdentity,
): string[] | null {
  const withheld = privateFieldNames(model, accounts);
  if (withheld.length === 0) return null;
  return [
    ...sentFieldNames(model).filter((name) => !withheld.includes(name)),
    ...urlFieldNames(model),
  ];
}
