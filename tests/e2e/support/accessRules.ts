import fs from 'fs';
import path from 'path';

/**
 * An evaluation of a project's access rules (docs/config.md, "Access rules" and "Rules on
 * fields") over records kept in memory, written from the documentation and independent of
 * appgen's code: the e2e matrix (newsroom-access.test.ts) computes what each caller should get
 * from it and compares with what the app answers. It reads the models' JSON as they are (rules,
 * field rules, relations) and follows belongsTo, hasMany and manyToMany relations through the
 * records and links it holds.
 */

export type Row = Record<string, unknown>;
export type Operation = 'read' | 'create' | 'update' | 'delete';
export type Condition = Record<string, unknown>;

/** Who asks: the signed-in user's id and role, or nulls for an anonymous caller. */
export interface Caller {
  id: string | null;
  role: string | null;
}

interface FieldOptions {
  type: string;
  optional?: boolean;
  default?: unknown;
  hidden?: boolean;
  values?: string[];
  access?: { read?: Condition; write?: Condition };
}

interface Relation {
  type: 'belongsTo' | 'hasMany' | 'manyToMany';
  model: string;
  field?: string;
  via?: string;
  onDelete?: 'restrict' | 'cascade' | 'setNull';
}

/** A computed field (docs/config.md "Computed fields"): the evaluator knows `count`. */
type Computed = { count: string } | Record<string, unknown>;

/** What a route sends of each record: its `fields` and its `include` (docs/config.md). */
export interface Shape {
  fields?: string[];
  include?: string[] | Record<string, { fields?: string[] }>;
}

interface Rule {
  allow?: string | string[];
  deny?: string | string[];
  when?: Condition;
}

export interface Model {
  name: string;
  fields: Record<string, string | FieldOptions>;
  relations?: Record<string, Relation>;
  computed?: Record<string, Computed>;
  access?: Rule[];
}

/** Reads a project's config folder: its models by name and its routes, in file and list order. */
export function readConfig(dir: string): {
  models: Record<string, Model>;
  routes: Array<Record<string, unknown> & { file: string; at: number }>;
  settings: Record<string, unknown>;
} {
  const json = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  const models: Record<string, Model> = {};
  for (const file of fs.readdirSync(path.join(dir, 'config', 'models')).sort()) {
    const model = json(path.join(dir, 'config', 'models', file)) as Model;
    models[model.name] = model;
  }
  const routes = fs
    .readdirSync(path.join(dir, 'config', 'routes'))
    .sort()
    .flatMap((file) =>
      (
        json(path.join(dir, 'config', 'routes', file)) as { routes: Record<string, unknown>[] }
      ).routes.map((route, at) => ({ ...route, file, at })),
    );
  const settings = json(path.join(dir, 'appgen.config.json')) as Record<string, unknown>;
  return { models, routes, settings };
}

const asList = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export class AccessModel {
  /** Records by model, by id. */
  private readonly records = new Map<string, Map<string, Row>>();
  /** Links of manyToMany relations: by the relation's table key, "<id>|<id>" in key order. */
  private readonly links = new Map<string, Set<string>>();

  constructor(
    readonly models: Record<string, Model>,
    /**
     * The accounts model (accounts.model), its role field (accounts.roleField) and its identity
     * fields (accounts.identity: private, left out of an included account its `fields` do not name).
     */
    readonly accounts: { model: string; roleField: string; identity: string[] },
  ) {
    for (const name of Object.keys(models)) this.records.set(name, new Map());
  }

  field(model: string, name: string): FieldOptions | undefined {
    const field = this.models[model].fields[name];
    return typeof field === 'string' ? { type: field } : field;
  }

  relation(model: string, name: string): Relation | undefined {
    return this.models[model].relations?.[name];
  }

  /** The field a belongsTo relation holds its id in. */
  foreignKey(model: string, relation: string): string {
    return this.relation(model, relation)?.field ?? `${relation}Id`;
  }

  /** The belongsTo relation of `model` held in `field`, if any. */
  belongsToBy(model: string, field: string): [string, Relation] | undefined {
    return Object.entries(this.models[model].relations ?? {}).find(
      ([name, relation]) => relation.type === 'belongsTo' && this.foreignKey(model, name) === field,
    );
  }

  all(model: string): Row[] {
    return [...this.records.get(model)!.values()];
  }

  get(model: string, id: string): Row | undefined {
    return this.records.get(model)!.get(id);
  }

  put(model: string, row: Row): Row {
    this.records.get(model)!.set(String(row.id), row);
    return row;
  }

  /** Deletes a record, and what its relations' onDelete says goes with it. */
  remove(model: string, id: string): void {
    this.records.get(model)!.delete(id);
    for (const [key, pairs] of this.links)
      if (key.split('|').some((end) => end.startsWith(`${model}.`)))
        for (const pair of [...pairs]) if (pair.split('|').includes(id)) pairs.delete(pair);
    for (const [other, config] of Object.entries(this.models))
      for (const [name, relation] of Object.entries(config.relations ?? {})) {
        if (relation.type !== 'belongsTo' || relation.model !== model) continue;
        const key = this.foreignKey(other, name);
        for (const row of this.all(other).filter((row) => row[key] === id)) {
          if (relation.onDelete === 'cascade') this.remove(other, String(row.id));
          else if (relation.onDelete === 'setNull') row[key] = null;
        }
      }
  }

  /** The relation on `relation.model` that mirrors `model`'s `name` (its `via`, else the one that fits). */
  private mirror(model: string, name: string): string | undefined {
    const relation = this.relation(model, name)!;
    const target = this.models[relation.model].relations ?? {};
    if (relation.via) return relation.via;
    const fits = Object.entries(target).filter(
      ([other, back]) =>
        back.model === model &&
        (relation.type === 'manyToMany'
          ? back.type === 'manyToMany' && !(relation.model === model && other === name)
          : back.type === 'belongsTo'),
    );
    if (fits.length > 1)
      throw new Error(`${model}.${name}: several relations of ${relation.model} could mirror it`);
    return fits[0]?.[0];
  }

  /** The key of a manyToMany relation's links, and whether `model`'s side comes first in it. */
  private linkKey(model: string, name: string): { key: string; first: boolean } {
    const relation = this.relation(model, name)!;
    const mine = `${model}.${name}`;
    const back = this.mirror(model, name);
    const theirs = back === undefined ? `${relation.model}.~${mine}` : `${relation.model}.${back}`;
    return mine <= theirs
      ? { key: `${mine}|${theirs}`, first: true }
      : { key: `${theirs}|${mine}`, first: false };
  }

  link(model: string, name: string, id: string, otherId: string, linked = true): void {
    const { key, first } = this.linkKey(model, name);
    const pairs = this.links.get(key) ?? new Set<string>();
    this.links.set(key, pairs);
    const pair = first ? `${id}|${otherId}` : `${otherId}|${id}`;
    if (linked) pairs.add(pair);
    else pairs.delete(pair);
  }

  /** The records `row` of `model` reaches through its relation `name`. */
  related(model: string, row: Row, name: string): Row[] {
    const relation = this.relation(model, name);
    if (!relation) throw new Error(`${model} has no relation "${name}"`);
    if (relation.type === 'belongsTo') {
      const target = this.get(relation.model, String(row[this.foreignKey(model, name)]));
      return target ? [target] : [];
    }
    if (relation.type === 'hasMany') {
      const back = this.mirror(model, name);
      if (!back) throw new Error(`${model}.${name}: no belongsTo on ${relation.model} mirrors it`);
      const key = this.foreignKey(relation.model, back);
      return this.all(relation.model).filter((other) => other[key] === row.id);
    }
    const { key, first } = this.linkKey(model, name);
    const ids = [...(this.links.get(key) ?? [])]
      .map((pair) => pair.split('|'))
      .filter(([a, b]) => (first ? a : b) === row.id)
      .map(([a, b]) => (first ? b : a));
    return ids.flatMap((id): Row[] => {
      const other = this.get(relation.model, id);
      return other ? [other] : [];
    });
  }

  /** The caller a signed-in user id is, their role read from their record now. */
  caller(userId: string | null): Caller {
    if (userId === null) return { id: null, role: null };
    const user = this.get(this.accounts.model, userId);
    return { id: userId, role: (user?.[this.accounts.roleField] as string | undefined) ?? null };
  }

  /** Whether a condition (docs/config.md, "Conditions") holds for a record of `model` and a caller. */
  holds(model: string, when: Condition | undefined, row: Row, caller: Caller): boolean {
    if (when === undefined) return true;
    return Object.entries(when).every(([key, value]) => {
      if (key === 'any')
        return (value as Condition[]).some((each) => this.holds(model, each, row, caller));
      if (key === 'all')
        return (value as Condition[]).every((each) => this.holds(model, each, row, caller));
      if (key === 'not') return !this.holds(model, value as Condition, row, caller);
      if (key === 'currentUser.role')
        return caller.role !== null && asList(value as string | string[]).includes(caller.role);
      if (key === 'currentUser') {
        if (value !== 'signedIn') throw new Error(`"currentUser": ${JSON.stringify(value)}`);
        return caller.id !== null;
      }
      if (this.field(model, key) || key === 'id') {
        if (value === 'currentUser') return caller.id !== null && row[key] === caller.id;
        return row[key] === value;
      }
      // A relation path ending at the accounts model: some record it reaches is the caller.
      if (value !== 'currentUser')
        throw new Error(`${model}: ${key} compared with ${String(value)}`);
      if (caller.id === null) return false;
      let reached: Array<[string, Row]> = [[model, row]];
      for (const name of key.split('.'))
        reached = reached.flatMap(([at, record]) =>
          this.related(at, record, name).map(
            (next) => [this.relation(at, name)!.model, next] as [string, Row],
          ),
        );
      return reached.some(([at, record]) => at === this.accounts.model && record.id === caller.id);
    });
  }

  /**
   * Whether `caller` may `operation` a record: a rule allowing it holds and no rule denying it
   * does. A model without rules leaves it to its routes (allowed here).
   */
  allows(model: string, operation: Operation, row: Row, caller: Caller): boolean {
    const rules = this.models[model].access;
    if (!rules) return true;
    const covers = (operations: string | string[] | undefined) =>
      asList(operations).some((each) => each === operation || each === 'all');
    const allowed = rules.some(
      (rule) => covers(rule.allow) && this.holds(model, rule.when, row, caller),
    );
    const denied = rules.some(
      (rule) => covers(rule.deny) && this.holds(model, rule.when, row, caller),
    );
    return allowed && !denied;
  }

  /** Whether a rule on the field lets `caller` read it (or write it) on this record. */
  fieldAllows(model: string, field: string, kind: 'read' | 'write', row: Row, caller: Caller) {
    const rule = this.field(model, field)?.access?.[kind];
    return rule === undefined || this.holds(model, rule, row, caller);
  }

  /** Whether `caller` is sent the field `name` of this record: not hidden, and its read rule holds. */
  private visible(model: string, name: string, row: Row, caller: Caller): boolean {
    const field = this.field(model, name);
    if (!field) return true;
    if (field.hidden || field.type === 'password') return false;
    return this.fieldAllows(model, name, 'read', row, caller);
  }

  /** A record as `caller` is sent it: without the fields they may not read, nor hidden ones. */
  sent(model: string, row: Row, caller: Caller): Row {
    return Object.fromEntries(
      Object.entries(row).filter(([name]) => this.visible(model, name, row, caller)),
    );
  }

  /**
   * A computed field's value as `caller` reads it (docs/config.md "Computed fields"): a `count`
   * counts the related records the caller may read by the related model's rules.
   */
  computed(model: string, row: Row, name: string, caller: Caller): unknown {
    const spec = this.models[model].computed?.[name];
    if (!spec) throw new Error(`${model} has no computed field "${name}"`);
    if (typeof spec.count !== 'string')
      throw new Error(`${model}.${name}: the evaluator knows count fields only`);
    const target = this.relation(model, spec.count)!.model;
    return this.related(model, row, spec.count).filter((other) =>
      this.allows(target, 'read', other, caller),
    ).length;
  }

  /**
   * A record as a route with `shape` sends it to `caller` (docs/config.md "Computed fields and
   * chosen fields", "Records read beside the route's own"): the fields it names (computed ones
   * too) or every field, less those hidden or whose read rule does not hold for them; then each
   * included relation read through its model's rules: a to-many one holds the records the caller
   * may read, by id, and a belongsTo one is `null` when they may not read it. An included
   * account leaves out the identity fields its `fields` do not name.
   */
  shaped(model: string, row: Row, caller: Caller, shape: Shape, included = false): Row {
    let out: Row;
    if (shape.fields) {
      out = {};
      for (const name of shape.fields)
        if (this.models[model].computed?.[name] !== undefined)
          out[name] = this.computed(model, row, name, caller);
        else if (this.visible(model, name, row, caller)) out[name] = row[name];
    } else {
      out = this.sent(model, row, caller);
      if (included && model === this.accounts.model)
        for (const name of this.accounts.identity) delete out[name];
    }
    const include: Record<string, { fields?: string[] }> = Array.isArray(shape.include)
      ? Object.fromEntries(shape.include.map((name) => [name, {}]))
      : (shape.include ?? {});
    for (const [name, sub] of Object.entries(include)) {
      const relation = this.relation(model, name);
      if (!relation) throw new Error(`${model} has no relation "${name}"`);
      const readable = this.related(model, row, name)
        .filter((other) => this.allows(relation.model, 'read', other, caller))
        .sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1))
        .map((other) => this.shaped(relation.model, other, caller, { fields: sub.fields }, true));
      out[name] = relation.type === 'belongsTo' ? (readable[0] ?? null) : readable;
    }
    return out;
  }
}
