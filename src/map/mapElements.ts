import { FIELD_ELEMENTS } from '../config/elements';
import { tsKey, tsString } from '../domain/tsString';
import type { RouteRef } from '../domain/routeRefs';
import { pathInPageParams, type ParamBinding } from '../domain/viewParamBinding';
import type { ProjectElement } from '../validate/checkedProject';
import type {
  BodyFieldContext,
  ElementContext,
  FormAccessContext,
  FormContext,
  FormFieldContext,
  FormPropContext,
  MethodContext,
  ModelContext,
  RouteCallContext,
  SelectOptionsContext,
} from './contexts';
import { fieldAttributes } from './elementAttributes';
import { formAccess, signInText } from './formAccess';
import { labelFromField } from './fieldLabels';
import { leadsToRoute, linkAccess, type LinkTarget } from './linkAccess';
import { mapListControls } from './mapListControls';
import { oneTimeCodeInput, passwordAutocomplete } from './inputAutocomplete';
import { recordLink, type RecordPage } from './recordPages';
import {
  columnKind,
  modelFieldType,
  routeCall,
  valueKind,
  type BoundRoute,
} from './viewRouteCalls';

/** What mapping one view's elements needs and collects. */
export interface ElementScope {
  routes: ReadonlyMap<string, BoundRoute>;
  models: ReadonlyMap<string, ModelContext>;
  /** Route calls of the page, in page order (`data0`, `data1`, ...). */
  loads: RouteCallContext[];
  /** The page's forms that ask their route whether the visitor may use them, in page order (`access0`, ...). */
  accessChecks: FormAccessContext[];
  /** The HTML ids given on the page so far (ElementContext.domId). */
  domIds: Set<string>;
  /** The page has path parameters (a form fills its action's `:params` from them). */
  pageParams: boolean;
  /** Each model's record page, which a detail's belongsTo field links to. */
  recordPages: ReadonlyMap<string, RecordPage>;
  /** The project's pages as links lead to them, with the guarded route of their forms. */
  linkTargets: readonly LinkTarget[];
}

/** `id` the first time on the page, then `id-2`, `id-3`, ...: each field's HTML id is unique. */
function domIdOf(scope: ElementScope, id: string): string {
  let domId = id;
  for (let n = 2; scope.domIds.has(domId); n++) domId = `${id}-${n}`;
  scope.domIds.add(domId);
  return domId;
}

interface FormScope {
  body: BodyFieldContext[];
  load: RouteCallContext | null;
  /** The bound route's method, for what its inputs ask the browser to fill in. */
  method: MethodContext;
}

function bound(scope: ElementScope, { method, path }: RouteRef): BoundRoute {
  const route = scope.routes.get(`${method} ${path}`);
  if (!route) throw new Error(`unchecked route reference reached the mapper: ${method} ${path}`);
  return route;
}

/** A route call of the page; a list's gets the controls its route's `query` offers. */
function addLoad(
  scope: ElementScope,
  ref: RouteRef,
  binding: ParamBinding,
  isList = false,
): RouteCallContext {
  const index = scope.loads.length;
  const route = bound(scope, ref);
  const call = routeCall(route, `data${index}`, binding);
  const list = isList ? mapListControls(route.method, index) : null;
  const withList: RouteCallContext = list ? { ...call, list, loadPartial: 'view/load/list' } : call;
  scope.loads.push(withList);
  return withList;
}

/** The route a call of the page calls. */
function calledRoute(scope: ElementScope, call: RouteCallContext): BoundRoute | undefined {
  return [...scope.routes.values()].find(
    (r) => r.method.handlerName === call.handler && r.module === call.module,
  );
}

/** The related model of an included relation of the call's route (validate made sure it is included). */
function includedModel(call: RouteCallContext, scope: ElementScope, relation: string): string {
  return calledRoute(scope, call)?.method.include.find((i) => i.name === relation)?.model ?? '';
}

/**
 * A detail's belongsTo field (`authorId`), or a field of the relation (`author.name`), links to
 * the related model's record page (see recordPages), filled from the record's key field: when
 * the route sends that field.
 */
function belongsToLink(
  scope: ElementScope,
  call: RouteCallContext,
  column: { relation: string | null; field: string },
): string | null {
  const relation = scope.models
    .get(call.model)
    ?.relations.find(
      (r) =>
        r.type === 'belongsTo' &&
        !r.backReference &&
        (column.relation === null ? r.field === column.field : r.name === column.relation),
    );
  const key = relation?.field;
  const page = relation && scope.recordPages.get(relation.model);
  if (!key || !page || !sendsField(scope, call, key)) return null;
  return recordLink(page, key);
}

/** Whether the call's answer holds the record's `field` (a sent field the route's `fields` keeps). */
function sendsField(scope: ElementScope, call: RouteCallContext, field: string): boolean {
  const sent = scope.models.get(call.model)?.sentFields.some((f) => f.name === field) === true;
  const chosen = calledRoute(scope, call)?.method.fields ?? null;
  return sent && (chosen === null || chosen.includes(field));
}

/** An enum column's labels as shownValue's last argument, so a page shows `In review`, not `in_review`. */
function labelsArgument(scope: ElementScope, model: string, field: string): string {
  const options = scope.models.get(model)?.fields.find((f) => f.name === field)?.valueOptions;
  if (!options) return '';
  const entries = options.map((o) => `${tsKey(o.value)}: ${tsString(o.label)}`);
  return `, { ${entries.join(', ')} }`;
}

function mapColumns(
  scope: ElementScope,
  element: ProjectElement,
  call: RouteCallContext,
): ElementContext['columns'] {
  const isList = element.type === 'list';
  const sorts = call.list
    ? (bound(scope, element.route as RouteRef).method.listQuery?.sorts ?? [])
    : [];
  return (element.columns ?? []).map(({ field: name, label }, index) => {
    // `author.name`: a field of the included relation `author`.
    const [relation, field] = name.includes('.') ? name.split('.', 2) : [null, name];
    const model = relation === null ? call.model : includedModel(call, scope, relation);
    const link = isList
      ? index === 0
        ? (element.link ?? null)
        : null
      : belongsToLink(scope, call, { relation, field });
    const linked = link === null ? 'value' : 'link';
    // A detail's field of a relation links by the record's key (`authorId`), not by the field.
    const detailLinked = link !== null && relation !== null ? 'relatedLink' : linked;
    const sortState =
      relation === null && call.list && sorts.includes(field) ? call.list.state : null;
    const kind = columnKind(scope.models, model, field);
    const multiline = modelFieldType(scope.models, model, field) === 'text';
    return {
      field,
      label: label ?? labelFromField(relation === null ? field : `${relation} ${field}`),
      kind,
      link,
      relation,
      sortState,
      multiline,
      valueClass: multiline ? 'appgen-multiline' : kind === 'json' ? 'appgen-json' : null,
      data: isList ? null : call.variable,
      cell: isList ? (`view/cell/${linked}` as const) : (`view/field/${detailLinked}` as const),
      value: relation === null ? 'view/value/own' : 'view/value/related',
      header: sortState === null ? 'view/header/plain' : 'view/header/sort',
      labelsArgument: labelsArgument(scope, model, field),
    };
  });
}

function mapOptions(
  options: ProjectElement['options'],
  values: ElementContext['options'] | null,
): ElementContext['options'] {
  if (options && options.length > 0) return options;
  return values ?? [];
}

/** A select's choices from a list route: the page calls it (no path parameters, validate made sure). */
function optionsFrom(
  scope: ElementScope,
  ref: RouteRef,
  element: ProjectElement,
): SelectOptionsContext {
  const call = addLoad(scope, ref, undefined);
  const labelField = element.optionLabel ?? 'id';
  return {
    variable: call.variable,
    labelField,
    labelKind: columnKind(scope.models, call.model, labelField),
  };
}

/** An input's HTML type: as configured, else from its body field, else guessed from its id. */
function inputTypeOf(element: ProjectElement, field: BodyFieldContext | undefined): string {
  if (element.inputType) return element.inputType;
  const id = (element.id ?? '').toLowerCase();
  if (field?.validators.some((v) => v.name === 'isEmail')) return 'email';
  if (field?.type === 'password' || id.includes('password')) return 'password';
  if (field?.type === 'int' || field?.type === 'float') return 'number';
  if (field?.type === 'datetime') return 'date';
  if (id.includes('email')) return 'email';
  return 'text';
}

const validatorNumber = (field: BodyFieldContext | undefined, name: string): number | null => {
  const argument = field?.validators.find((v) => v.name === name)?.argument;
  return argument === undefined || argument === null ? null : Number(argument);
};

function formKind(field: BodyFieldContext): FormFieldContext['kind'] {
  if (
    field.type === 'int' ||
    field.type === 'float' ||
    field.type === 'boolean' ||
    field.type === 'datetime' ||
    field.type === 'json'
  )
    return field.type;
  return 'string';
}

const prop = (
  name: string,
  propKind: FormPropContext['propKind'],
  value: string | null,
): FormPropContext => ({ name, propKind, value, fields: [] });

/** A string prop, or `null` without a value. */
const stringOrNull = (name: string, kind: 'string' | 'url', value: string | null) =>
  value === null ? prop(name, 'code', 'null') : prop(name, kind, value);

type BareForm = Omit<FormContext, 'props' | 'shownPartial'>;

/** The form with what its templates need decided: `<AppgenForm>`'s props, the partial that shows it. */
function finished(form: BareForm, pageParams: boolean): FormContext {
  return {
    ...form,
    props: formProps(form, pageParams),
    shownPartial: form.load ? 'view/form/loaded' : 'view/form',
  };
}

/** The props of `<AppgenForm>`: where it sends what, and what it does after. */
function formProps(form: BareForm, pageParams: boolean): FormPropContext[] {
  return [
    stringOrNull('method', 'string', form.method),
    stringOrNull('action', 'url', form.urlPath),
    { ...prop('fields', 'fields', null), fields: form.fields },
    stringOrNull('success', 'string', form.success),
    ...(form.notice === null ? [] : [prop('notice', 'string', form.notice)]),
    prop('params', 'code', pageParams ? 'params' : '{}'),
    prop('reset', 'code', String(form.reset)),
    ...(form.requestEnvelope === null
      ? []
      : [prop('requestEnvelope', 'string', form.requestEnvelope)]),
    ...(form.responseEnvelope === null
      ? []
      : [prop('responseEnvelope', 'string', form.responseEnvelope)]),
  ];
}

function mapForm(
  scope: ElementScope,
  element: ProjectElement,
): { form: FormContext | null; inner: FormScope | null } {
  if (!element.route) {
    const unbound: BareForm = {
      method: null,
      urlPath: null,
      fields: [],
      success: null,
      notice: null,
      reset: false,
      load: null,
      requestEnvelope: null,
      responseEnvelope: null,
      signsIn: false,
      onAccount: false,
      access: null,
    };
    return { form: finished(unbound, scope.pageParams), inner: null };
  }
  const route = bound(scope, element.route);
  const { method } = route;
  const load = element.load ? addLoad(scope, element.load, element.params) : null;
  const ids = new Set(element.formFieldIds);
  const fields = method.body
    .filter((f) => ids.has(f.name))
    .map((f) => ({ name: f.name, kind: formKind(f), nullable: f.nullable }));
  const access = formAccess(route, signInText(element), scope.accessChecks, element.params);
  if (access) scope.accessChecks.push(access);
  const bare: BareForm = {
    method: method.method,
    urlPath: pathInPageParams(method.urlPath, element.params),
    fields,
    success: element.success ?? null,
    notice: element.notice ?? null,
    reset: method.method === 'POST' && !element.success,
    load,
    requestEnvelope: method.envelope.request,
    responseEnvelope: method.envelope.response,
    signsIn: method.account?.issuesToken === true,
    onAccount: method.account !== null,
    access,
  };
  return { form: finished(bare, scope.pageParams), inner: { body: method.body, load, method } };
}

/** What shows the element (to a visitor its access check lets through): `view/<type>`, or its variant for an edit form or an external link. */
function shownPartialOf(
  element: ProjectElement,
  form: FormContext | null,
  toRoute: boolean,
): string {
  if (form) return form.shownPartial;
  if (element.type === 'link' && isExternal(element.href ?? null)) return 'view/link/external';
  if (toRoute) return 'view/link/route';
  // Sent with the form, not shown: no label, no field error.
  if (element.type === 'input' && element.inputType === 'hidden') return 'view/input/hidden';
  return `view/${element.type}`;
}

/**
 * The access check the page makes before showing the element: a guarded form's (FormContext.access),
 * or a link's to a page whose form is guarded (linkAccess.ts); added to the page's checks.
 */
function accessOf(
  scope: ElementScope,
  element: ProjectElement,
  form: FormContext | null,
): FormAccessContext | null {
  if (form) return form.access;
  if (element.type !== 'link') return null;
  const access = linkAccess(scope.linkTargets, element, scope.accessChecks);
  if (access) scope.accessChecks.push(access);
  return access;
}

const isExternal = (href: string | null): boolean => Boolean(href && !href.startsWith('/'));

/**
 * The element as the page shows it: an `input` for an `enum` body field, without an `inputType`,
 * is a select of the field's values, since the server takes no other text and typing one exactly
 * is a mistake waiting to happen.
 */
function shownAs(element: ProjectElement, field: BodyFieldContext | undefined): ProjectElement {
  const enumInput = element.type === 'input' && !element.inputType && field?.type === 'enum';
  return enumInput ? { ...element, type: 'select' } : element;
}

/** Maps an element and its children; list, detail and edit-form routes are added to the scope's loads. */
export function mapElement(
  scope: ElementScope,
  configured: ProjectElement,
  form: FormScope | null = null,
): ElementContext {
  const field =
    configured.id && FIELD_ELEMENTS.includes(configured.type)
      ? form?.body.find((f) => f.name === configured.id)
      : undefined;
  const element = shownAs(configured, field);
  const mappedForm =
    element.type === 'form' ? mapForm(scope, element) : { form: null, inner: form };
  const data =
    element.type === 'list' || element.type === 'detail'
      ? addLoad(scope, element.route as RouteRef, element.params, element.type === 'list')
      : null;
  const valueFrom = field && form?.load ? form.load : null;
  const required = element.required ?? field?.required ?? false;
  const href = element.href ?? null;
  const access = accessOf(scope, element, mappedForm.form);
  // A same-site link to a route of the app rather than a page is a plain anchor.
  const toRoute =
    element.type === 'link' &&
    !isExternal(href) &&
    leadsToRoute(scope.linkTargets, scope.routes, element);
  const shownPartial = shownPartialOf(element, mappedForm.form, toRoute);
  const inputType = element.type === 'input' ? inputTypeOf(element, field) : 'text';
  const mapped: Omit<ElementContext, 'attributes' | 'emptyOption'> = {
    type: element.type,
    partial: access ? 'view/guarded' : shownPartial,
    access,
    shownPartial,
    id: element.id ?? null,
    domId: element.id && FIELD_ELEMENTS.includes(element.type) ? domIdOf(scope, element.id) : null,
    label: element.label ?? null,
    text: element.text ?? null,
    level: element.level ?? 2,
    inputType,
    autocomplete:
      inputType === 'password'
        ? passwordAutocomplete(form?.method ?? null, element.id ?? '')
        : oneTimeCodeInput(form?.method ?? null, element.id ?? null)
          ? 'one-time-code'
          : null,
    required,
    placeholder: element.placeholder ?? null,
    rows: element.rows ?? 4,
    minLength: validatorNumber(field, 'minLength'),
    maxLength: validatorNumber(field, 'maxLength'),
    min: validatorNumber(field, 'min'),
    max: validatorNumber(field, 'max'),
    step: field?.type === 'int' ? '1' : field?.type === 'float' ? 'any' : null,
    options:
      element.type === 'select' ? mapOptions(element.options, field?.valueOptions ?? null) : [],
    optionsFrom: element.optionsRoute ? optionsFrom(scope, element.optionsRoute, element) : null,
    href,
    external: isExternal(href) || toRoute,
    layout: element.layout ?? 'stack',
    children: element.children.map((child) => mapElement(scope, child, mappedForm.inner)),
    form: mappedForm.form,
    data,
    columns: data ? mapColumns(scope, element, data) : [],
    link: element.link ?? null,
    empty: element.empty ?? 'Nothing here yet.',
    tableLabel: '', // Named by the view (src/map/tableLabels.ts), which knows its headings and title.
    heading: element.heading ?? null,
    valueFrom: valueFrom ? valueFrom.variable : null,
    fromQuery: element.type === 'input' && element.fromQuery === true,
    valueKind:
      valueFrom && element.id
        ? valueKind(modelFieldType(scope.models, valueFrom.model, element.id))
        : 'string',
  };
  return {
    ...mapped,
    attributes: fieldAttributes(mapped),
    emptyOption: required ? 'Choose…' : '—',
  };
}
