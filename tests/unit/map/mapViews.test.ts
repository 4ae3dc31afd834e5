import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { TemplateSet } from '../../../src/render/templateSet';
import type { ElementContext, ProjectContext } from '../../../src/map/contexts';
import { mapProject } from '../../../src/map/mapProject';
import { checkedProject } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { SQLITE_OPTIONS } from '../support/generateOptions';
import type { ProjectFiles } from '../support/tempProject';

const map = (files: ProjectFiles): ProjectContext =>
  mapProject(checkedProject(files), SQLITE_OPTIONS);

const TASK = {
  name: 'Task',
  fields: {
    title: 'string',
    note: { type: 'text', optional: true },
    size: { type: 'enum', values: ['s', 'm', 'l'], default: 'm' },
    hours: { type: 'float', optional: true },
    done: { type: 'boolean', default: false },
    due: { type: 'datetime', optional: true },
  },
};
const TASK_ROUTES = {
  routes: [
    { method: 'GET', path: '/api/tasks', response: 'Task[]' },
    { method: 'GET', path: '/api/tasks/:id', params: { id: 'uuid' }, response: 'Task', auth: true },
    {
      method: 'POST',
      path: '/api/tasks',
      response: 'Task',
      body: {
        title: { type: 'string', validation: ['minLength:3', 'maxLength:80'] },
        note: 'text',
        size: 'enum',
        hours: { type: 'float', validation: ['min:0', 'max:40'] },
        done: 'boolean',
        due: 'datetime',
      },
    },
    {
      method: 'PATCH',
      path: '/api/tasks/:id',
      params: { id: 'uuid' },
      response: 'Task',
      body: { title: 'string', contact: { type: 'string', validation: ['isEmail'] } },
      function: 'editTask',
    },
  ],
};

function project(views: Record<string, unknown>): ProjectContext {
  return map(
    minimalProject({
      'config/models/Task.json': TASK,
      'config/routes/tasks.json': TASK_ROUTES,
      ...views,
    }),
  );
}

const byId = (root: ElementContext, id: string): ElementContext => {
  const all = (e: ElementContext): ElementContext[] => [e, ...e.children.flatMap(all)];
  return all(root).find((e) => e.id === id) as ElementContext;
};

describe('mapping views', () => {
  const context = project({
    'config/views/tasks.json': {
      name: 'TasksPage',
      path: '/tasks',
      root: {
        type: 'section',
        children: [
          {
            type: 'list',
            route: 'GET /api/tasks',
            columns: ['title', { field: 'due', label: 'By' }, 'done'],
            link: '/tasks/:id',
          },
          {
            type: 'form',
            route: 'POST /api/tasks',
            fields: [
              { type: 'input', id: 'title', label: 'Title' },
              { type: 'textarea', id: 'note', label: 'Note' },
              { type: 'select', id: 'size', label: 'Size' },
              { type: 'input', id: 'hours', label: 'Hours' },
              { type: 'checkbox', id: 'done', label: 'Done' },
              { type: 'input', id: 'due', label: 'Due', required: true },
              { type: 'button', label: 'Add' },
            ],
          },
        ],
      },
    },
    'config/views/task.json': {
      name: 'EditTaskPage',
      path: '/tasks/:id/edit',
      auth: true,
      root: {
        type: 'form',
        route: 'PATCH /api/tasks/:id',
        load: 'GET /api/tasks/:id',
        success: '/tasks/:id',
        fields: [
          { type: 'input', id: 'title', label: 'Title' },
          { type: 'button', label: 'Save' },
        ],
      },
    },
  });
  const tasks = context.views.find((v) => v.name === 'TasksPage')!;
  const edit = context.views.find((v) => v.name === 'EditTaskPage')!;

  it('gives each element its partial and takes input hints from the bound body field', () => {
    const form = tasks.root.children[1];
    expect(form.partial).toBe('view/form');
    expect(byId(form, 'title')).toMatchObject({
      partial: 'view/input',
      inputType: 'text',
      required: true,
      minLength: 3,
      maxLength: 80,
    });
    expect(byId(form, 'hours')).toMatchObject({
      inputType: 'number',
      required: false,
      min: 0,
      max: 40,
      step: 'any',
    });
    expect(byId(form, 'due')).toMatchObject({ inputType: 'date', required: true });
    expect(byId(form, 'size').options).toEqual([
      { value: 's', label: 'S' },
      { value: 'm', label: 'M' },
      { value: 'l', label: 'L' },
    ]);
    expect(byId(form, 'note')).toMatchObject({ partial: 'view/textarea', rows: 4 });
    // The attributes the control writes, in order, each by its kind's partial.
    const attributes = (id: string) =>
      byId(form, id).attributes.map((a) => [a.attributeKind, a.name, a.value]);
    expect(attributes('title')).toEqual([
      ['flag', 'required', null],
      ['number', 'minLength', 3],
      ['number', 'maxLength', 80],
    ]);
    expect(attributes('hours')).toEqual([
      ['number', 'min', 0],
      ['number', 'max', 40],
      ['text', 'step', 'any'],
    ]);
    expect(attributes('size')).toEqual([['string', 'defaultValue', '']]);
    expect(byId(form, 'size').emptyOption).toBe('—');
  });

  it('tells the form how to turn each field into JSON, and to empty itself after a create', () => {
    expect(tasks.root.children[1].form).toMatchObject({
      method: 'POST',
      urlPath: '/api/tasks',
      signsIn: false,
      success: null,
      reset: true,
      load: null,
      requestEnvelope: null,
      responseEnvelope: null,
      fields: [
        { name: 'title', kind: 'string', nullable: false },
        { name: 'note', kind: 'string', nullable: true },
        { name: 'size', kind: 'string', nullable: false },
        { name: 'hours', kind: 'float', nullable: true },
        { name: 'done', kind: 'boolean', nullable: false },
        { name: 'due', kind: 'datetime', nullable: true },
      ],
    });
    // The props <AppgenForm> gets, in order, with how each is written (no envelope here).
    expect(tasks.root.children[1].form?.props.map((p) => [p.name, p.propKind, p.value])).toEqual([
      ['method', 'string', 'POST'],
      ['action', 'url', '/api/tasks'],
      ['fields', 'fields', null],
      ['success', 'code', 'null'],
      ['params', 'code', '{}'],
      ['reset', 'code', 'true'],
    ]);
  });

  it('calls each shown route once per element, importing its handler, and formats columns by type', () => {
    expect(tasks.loads).toEqual([
      {
        variable: 'data0',
        handler: 'getApiTasks',
        module: '@/app/api/tasks/route',
        urlPath: '/api/tasks',
        params: [],
        model: 'Task',
        isArray: true,
        envelope: null,
        answerType: 'Task[]',
        paramsArgument: '{}',
        envelopeArgument: '',
        // GET /api/tasks has no `query`: nothing for the list to page, sort or filter.
        list: null,
        loadPartial: 'view/load/route',
      },
    ]);
    expect(tasks.propsParameter).toBe('');
    expect(tasks.setup).toEqual([
      { pageStep: 'view/setup/here' },
      { pageStep: 'view/setup/locale' },
    ]);
    expect(tasks.routeImports).toEqual([
      { handler: 'getApiTasks', method: 'GET', module: '@/app/api/tasks/route' },
    ]);
    const own = {
      relation: null,
      sortState: null,
      value: 'view/value/own',
      header: 'view/header/plain',
      labelsArgument: '',
      valueClass: null,
    };
    expect(tasks.root.children[0].columns).toEqual([
      {
        field: 'title',
        label: 'Title',
        kind: 'string',
        link: '/tasks/:id',
        multiline: false,
        data: null,
        cell: 'view/cell/link',
        ...own,
      },
      {
        field: 'due',
        label: 'By',
        kind: 'datetime',
        link: null,
        multiline: false,
        data: null,
        cell: 'view/cell/value',
        ...own,
      },
      {
        field: 'done',
        label: 'Done',
        kind: 'boolean',
        link: null,
        multiline: false,
        data: null,
        cell: 'view/cell/value',
        ...own,
      },
    ]);
    expect(tasks.viewHelpers).toEqual([
      'callRoute',
      'cellText',
      'formatValue',
      'pageLocale',
      'shownValue',
    ]);
    expect(tasks.usesLink).toBe(true);
  });

  it('fills an edit form from the loaded record and requires sign-in for an auth view', () => {
    expect(edit.loads.map((l) => [l.handler, l.module, l.params])).toEqual([
      ['getApiTasksById', '@/app/api/tasks/[id]/route', ['id']],
    ]);
    expect(edit.root.form).toMatchObject({
      method: 'PATCH',
      urlPath: '/api/tasks/:id',
      success: '/tasks/:id',
      reset: false,
      load: { variable: 'data0' },
    });
    expect(byId(edit.root, 'title')).toMatchObject({
      valueFrom: 'data0',
      valueKind: 'string',
      required: false,
    });
    expect(edit.root.partial).toBe('view/form/loaded');
    expect(byId(edit.root, 'title').attributes.at(-1)).toEqual({
      attributeKind: 'recordValue',
      name: 'defaultValue',
      value: 'text',
      record: 'data0',
      field: 'title',
    });
    expect(edit.viewHelpers).toEqual(['callRoute', 'decodedParams', 'inputValue', 'requireUser']);
    expect(edit.setup.map((s) => s.pageStep)).toEqual([
      'view/setup/params',
      'view/setup/here',
      'view/setup/requireUser',
    ]);
    expect(edit.loads[0].paramsArgument).toBe('{ id: params.id }');
    expect(context.hasAuth).toBe(true);
  });

  it('lists views without parameters in the navigation unless nav is false', () => {
    expect(context.navLinks.map((l) => l.href)).toEqual(['/login', '/tasks']);
    const hidden = project({
      'config/views/tasks.json': {
        name: 'TasksPage',
        path: '/tasks',
        nav: false,
        root: { type: 'text', text: 'x' },
      },
    });
    expect(hidden.navLinks.map((l) => l.href)).toEqual(['/login']);
    expect(hidden.hasForms).toBe(true);
    expect(hidden.loginPath).toBe('/login');
  });
});

describe('the login path', () => {
  it('comes from appgen.config.json and is where src/appgen/view.ts sends visitors', () => {
    const context = project({
      'appgen.config.json': { loginPath: '/signin' },
      'config/views/signin.json': {
        name: 'SigninPage',
        path: '/signin',
        root: { type: 'text', text: 'x' },
      },
      'config/views/secret.json': {
        name: 'SecretPage',
        path: '/secret',
        auth: true,
        root: { type: 'text', text: 'y' },
      },
    });
    expect(context.loginPath).toBe('/signin');
    const viewModule = new TemplateSet(BUILTIN_TEMPLATES_DIR).render(
      'src/appgen/view.ts.hbs',
      context,
    );
    expect(viewModule).toContain('export const LOGIN_PATH = "/signin";');
    expect(viewModule).toContain('export async function requireUser(here: string)');
  });
});

// Issue 50 §4: an enum body field is chosen from its values by default.
describe('an input for an enum body field', () => {
  const form = (size: Record<string, unknown>) =>
    project({
      'config/views/tasks.json': {
        name: 'TasksPage',
        path: '/tasks',
        root: {
          type: 'form',
          route: 'POST /api/tasks',
          fields: [
            { type: 'input', id: 'title', label: 'Title' },
            { type: 'input', id: 'size', label: 'Size', ...size },
            { type: 'button', label: 'Add' },
          ],
        },
      },
    }).views.find((view) => view.name === 'TasksPage')!.root;

  it('is a select of its values', () => {
    expect(byId(form({}), 'size')).toMatchObject({
      type: 'select',
      partial: 'view/select',
      options: [
        { value: 's', label: 'S' },
        { value: 'm', label: 'M' },
        { value: 'l', label: 'L' },
      ],
    });
  });

  it('stays an input when it names its inputType', () => {
    expect(byId(form({ inputType: 'text' }), 'size')).toMatchObject({
      type: 'input',
      partial: 'view/input',
      options: [],
    });
  });
});
