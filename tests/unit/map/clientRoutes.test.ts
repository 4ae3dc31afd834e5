import path from 'path';
import { REPO_ROOT } from '../support/paths';
import { projectContext } from '../templates/fixtures';

const blog = () => projectContext(path.join(REPO_ROOT, 'examples', 'blog'));
const route = (name: string) => {
  const found = blog().clientRoutes.find((r) => r.name === name);
  if (!found) throw new Error(`no client function ${name}`);
  return found;
};

describe('what the map decides for the client functions (src/appgen/client.ts)', () => {
  it('writes a list route with a query: its input is optional, its path goes through withQuery', () => {
    const list = route('getApiPosts');
    // Too long for its line: one field a line, as prettier lays out the interface.
    expect(list.inputMembers).toEqual([expect.stringMatching(/^query\?: \{\n {4}status\?: /)]);
    expect(list.inputParameter).toBe('input: GetApiPostsInput = {}');
    expect(list.statements).toEqual([]);
    expect(list.pathPartial).toBe('client/path/withQuery');
    expect(list.bodyArgument).toBe('undefined');
  });

  it('reads the params of a route with path parameters, and sends nothing without a body', () => {
    const get = route('getApiPostsById');
    expect(get.inputMembers).toEqual(['params: { id: string }']);
    expect(get.inputParameter).toBe('input: GetApiPostsByIdInput');
    expect(get.statements).toEqual(['const params = input.params;']);
    expect(get.pathPartial).toBe('client/path/plain');
    expect(get.bodyArgument).toBe('undefined');
  });

  it('sends the body of a route that has one, and imports its type', () => {
    const withBody = blog().clientRoutes.find((r) => r.bodyType !== null)!;
    expect(withBody.inputMembers.at(-1)).toBe(`body: ${withBody.bodyType}`);
    expect(withBody.bodyArgument).toBe('input.body');
    expect(blog().clientBodyTypes).toContain(withBody.bodyType);
  });

  it('writes a sort list too long for its line as the union of its template literals (the same type)', () => {
    // The e2e blog's posts sort by four fields: eight members, and as many template literals.
    const fixture = projectContext(path.join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'blog'));
    const lines = fixture.clientRoutes.flatMap((r) =>
      r.inputMembers.flatMap((member) => `  ${member};`.split('\n')),
    );
    expect(lines.filter((line) => line.length > 100)).toEqual([]);
    expect(lines).toContain('      | `-createdAt,${string}`;');
  });
});
