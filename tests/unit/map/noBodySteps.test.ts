import type { MethodContext, ProjectContext } from '../../../src/map/contexts';
import { mapProject } from '../../../src/map/mapProject';
import { checkedProject } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { SQLITE_OPTIONS } from '../support/generateOptions';

// Issue 49, item 1: every method that declares no body refuses one (the step handler/noBody,
// src/appgen/noBody.ts), whatever its kind; a method with a body reads it (handler/body). The
// refusal says where the route's input goes: its filters' query string when it has filters.
const TASK = {
  name: 'Task',
  fields: {
    title: 'string',
    done: { type: 'boolean', default: false },
    status: { type: 'enum', values: ['open', 'closed'], default: 'open' },
    rank: { type: 'int', default: 0 },
  },
  indexes: [['done'], ['status'], ['rank'], ['title']],
};
const ROUTES = [
  { method: 'GET', path: '/api/tasks', response: 'Task[]', query: { filter: ['status', 'done'] } },
  { method: 'GET', path: '/api/ranked', response: 'Task[]', query: { filter: ['rank'] } },
  { method: 'GET', path: '/api/sorted', response: 'Task[]', query: { sort: ['title'] } },
  { method: 'POST', path: '/api/tasks', body: { title: 'string' }, response: 'Task' },
  { method: 'DELETE', path: '/api/tasks', collection: true, query: { filter: ['done'] } },
  { method: 'PATCH', path: '/api/tasks', collection: true, body: { done: 'boolean' } },
  { method: 'GET', path: '/api/tasks/:id', params: { id: 'uuid' }, response: 'Task' },
  { method: 'DELETE', path: '/api/tasks/:id', params: { id: 'uuid' } },
  { method: 'POST', path: '/api/tasks/archive', function: 'archiveTasks' },
];

const project: ProjectContext = mapProject(
  checkedProject(
    minimalProject({
      'config/models/Task.json': TASK,
      'config/routes/tasks.json': { routes: ROUTES },
    }),
  ),
  SQLITE_OPTIONS,
);
const method = (verb: string, path: string): MethodContext => {
  const found = project.methods.find((m) => m.method === verb && m.urlPath === path);
  if (!found) throw new Error(`no ${verb} ${path}`);
  return found;
};
const steps = (m: MethodContext) => m.steps.map((s) => s.step);

describe('a method without a body refuses one (handler/noBody)', () => {
  it('is a step of every method without a body, and of none with one', () => {
    for (const m of project.methods) {
      const expected = m.hasBody ? 'handler/body' : 'handler/noBody';
      const other = m.hasBody ? 'handler/noBody' : 'handler/body';
      expect([
        `${m.method} ${m.urlPath}`,
        steps(m).includes(expected),
        steps(m).includes(other),
      ]).toEqual([`${m.method} ${m.urlPath}`, true, false]);
    }
    expect(project.methods.filter((m) => !m.hasBody).length).toBeGreaterThan(6);
  });

  it('runs where a body would be read: after sign-in and the path, before the query, the record and any work', () => {
    const deleteMany = steps(method('DELETE', '/api/tasks'));
    expect(deleteMany.indexOf('handler/noBody')).toBeGreaterThan(
      deleteMany.indexOf('handler/csrf'),
    );
    expect(deleteMany.indexOf('handler/noBody')).toBeLessThan(
      deleteMany.indexOf('handler/listQuery'),
    );
    expect(deleteMany.indexOf('handler/noBody')).toBeLessThan(
      deleteMany.indexOf('orm/prisma/deleteMany'),
    );
    const byId = steps(method('DELETE', '/api/tasks/:id'));
    expect(byId.indexOf('handler/noBody')).toBeGreaterThan(byId.indexOf('handler/params'));
    expect(byId.indexOf('handler/noBody')).toBeLessThan(byId.indexOf('orm/prisma/delete'));
    const fn = steps(method('POST', '/api/tasks/archive'));
    expect(fn.indexOf('handler/noBody')).toBeLessThan(fn.indexOf('handler/function'));
  });

  it("names the query string, with the route's first filter as an example of its type", () => {
    expect(
      [
        ['GET', '/api/tasks'],
        ['GET', '/api/ranked'],
        ['DELETE', '/api/tasks'],
        ['GET', '/api/sorted'],
        ['GET', '/api/tasks/:id'],
        ['DELETE', '/api/tasks/:id'],
        ['POST', '/api/tasks/archive'],
        ['POST', '/api/tasks'],
        ['PATCH', '/api/tasks'],
      ].map(([verb, path]) => method(verb, path).noBodyHint),
    ).toEqual([
      'send filters in the query string, e.g. ?status=open',
      'send filters in the query string, e.g. ?rank=1',
      'send filters in the query string, e.g. ?done=true',
      'send parameters in the path or the query string',
      'send parameters in the path or the query string',
      'send parameters in the path or the query string',
      'send parameters in the path or the query string',
      null,
      null,
    ]);
  });
});
