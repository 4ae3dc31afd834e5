import { mapProject } from '../../../src/map/mapProject';
import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

// config/events: how each event runs (`run`) and the worker's delivery settings, with their
// defaults, their ranges and where a mistake is; then what map makes of them for each route.
const NOTE = { name: 'Note', fields: { title: 'string' } };
const ROUTES = [
  { method: 'POST', path: '/api/notes', body: { title: 'string' }, response: 'Note' },
  {
    method: 'PATCH',
    path: '/api/notes/:id',
    params: { id: 'uuid' },
    body: { title: 'string' },
    response: 'Note',
  },
  { method: 'DELETE', path: '/api/notes/:id', params: { id: 'uuid' } },
  {
    method: 'POST',
    path: '/api/notes/import',
    body: { title: 'string' },
    function: 'importNotes',
    model: 'Note',
  },
];

function project(events: unknown[], orm = 'prisma') {
  return minimalProject({
    'appgen.config.json': { orm },
    'config/models/Note.json': NOTE,
    'config/routes/notes.json': { routes: ROUTES },
    'config/events/events.json': { events },
  });
}

const problems = (events: unknown[]) => problemsIn(project(events)).map(describeProblem);

describe('event delivery settings', () => {
  it('default to the worker, 5 attempts, 10 s before the first retry and a 60 s claim', () => {
    const { events } = checkedProject(
      project([{ name: 'noteSaved', model: 'Note', on: ['create'] }]),
    );
    expect(events).toEqual([
      expect.objectContaining({
        run: 'worker',
        delivery: { attempts: 5, retryDelaySeconds: 10, timeoutSeconds: 60 },
      }),
    ]);
  });

  it('take the values given', () => {
    const { events } = checkedProject(
      project([
        {
          name: 'noteSaved',
          model: 'Note',
          on: ['create'],
          attempts: 1,
          retryDelaySeconds: 3,
          timeoutSeconds: 600,
        },
        { name: 'noteShown', model: 'Note', on: ['create'], run: 'inRequest' },
      ]),
    );
    expect(events.map((e) => [e.name, e.run, e.delivery])).toEqual([
      ['noteSaved', 'worker', { attempts: 1, retryDelaySeconds: 3, timeoutSeconds: 600 }],
      ['noteShown', 'inRequest', { attempts: 5, retryDelaySeconds: 10, timeoutSeconds: 60 }],
    ]);
  });

  it('refuses a delivery setting on an inRequest event, at the setting, saying what to do', () => {
    expect(
      problems([
        { name: 'noteShown', model: 'Note', on: ['create'], run: 'inRequest', attempts: 3 },
      ]),
    ).toEqual([
      expect.stringMatching(
        /^config\/events\/events\.json:\d+:\d+ events\[0\]\.attempts \| "attempts" applies to events the worker runs, but this one has "run": "inRequest".* \| remove "attempts", or remove "run": "inRequest"/,
      ),
    ]);
  });

  it.each([
    [{ attempts: 0 }, /events\[0\]\.attempts \| .*>= 1/],
    [{ retryDelaySeconds: 1.5 }, /events\[0\]\.retryDelaySeconds \| .*integer/],
    [{ timeoutSeconds: 0 }, /events\[0\]\.timeoutSeconds \| .*>= 1/],
    [{ run: 'later' }, /events\[0\]\.run \| .*"later" is not allowed here/],
  ])('refuses %j where it is', (setting, message) => {
    expect(problems([{ name: 'noteSaved', model: 'Note', on: ['create'], ...setting }])).toEqual([
      expect.stringMatching(message),
    ]);
  });
});

describe('what routes do with their events', () => {
  const EVENTS = [
    { name: 'noteSaved', model: 'Note', on: ['create', 'update', 'delete'], attempts: 2 },
    { name: 'noteShown', model: 'Note', on: ['create'], run: 'inRequest' },
  ];
  const methods = (orm: string) =>
    mapProject(checkedProject(project(EVENTS, orm)), {
      provider: 'sqlite',
      defaultDatabaseUrl: 'file:./prisma/dev.db',
    })
      .methods.filter((m) => m.model?.name === 'Note')
      .map((m) => ({
        route: `${m.method} ${m.urlPath}`,
        queued: m.queuedEvents,
        queuesEvents: m.queuesEvents,
        inRequest: m.inRequestEvents,
        // A GET writes nothing: its member of MethodContext has no writesInTransaction.
        writesInTransaction: 'writesInTransaction' in m && m.writesInTransaction,
      }));

  it("records worker events in the write (Drizzle: in its transaction), a function's after it, and runs inRequest ones after the commit", () => {
    const queued = [{ name: 'noteSaved', attempts: 2 }];
    for (const orm of ['prisma', 'drizzle']) {
      const drizzle = orm === 'drizzle';
      expect(methods(orm)).toEqual([
        {
          route: 'PATCH /api/notes/:id',
          queued,
          queuesEvents: true,
          inRequest: [],
          writesInTransaction: drizzle,
        },
        {
          route: 'DELETE /api/notes/:id',
          queued,
          queuesEvents: true,
          inRequest: [],
          writesInTransaction: drizzle,
        },
        {
          route: 'POST /api/notes/import',
          queued,
          queuesEvents: false,
          inRequest: ['noteShown'],
          writesInTransaction: false,
        },
        {
          route: 'POST /api/notes',
          queued,
          queuesEvents: true,
          inRequest: ['noteShown'],
          writesInTransaction: drizzle,
        },
      ]);
    }
  });

  it('has an outbox, its table and its worker only with a worker event and a database', () => {
    const context = (events: unknown[], orm = 'prisma') =>
      mapProject(checkedProject(project(events, orm)), {
        provider: 'sqlite',
        defaultDatabaseUrl: 'file:./prisma/dev.db',
      });
    const worker = context(EVENTS);
    expect(worker.hasOutbox).toBe(true);
    expect(worker.internalModels.map((m) => m.name)).toContain('AppgenEvent');
    const inRequest = context([
      { name: 'noteShown', model: 'Note', on: ['create'], run: 'inRequest' },
    ]);
    expect(inRequest.hasOutbox).toBe(false);
    expect(inRequest.internalModels.map((m) => m.name)).not.toContain('AppgenEvent');
    // Without a database every event runs in the request.
    const none = context(EVENTS, 'none');
    expect(none.hasOutbox).toBe(false);
    expect(none.events.map((e) => e.run)).toEqual(['inRequest', 'inRequest']);
  });
});
