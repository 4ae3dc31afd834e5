import { request } from './support/http';
import { RunningServer, startBuiltApp } from './support/server';
import { createTestProject } from './support/testProject';

jest.setTimeout(300_000);

// Spec section 1: behaviour of a freshly generated application without a database.
describe('orm none: the spec table of stub handlers', () => {
  let server: RunningServer;

  beforeAll(async () => {
    const project = await createTestProject('none', { orm: 'none' });
    await project.appgen(['build']);
    server = await startBuiltApp(project.dir, project.env);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('GET /api/users → []', async () => {
    const response = await request(server.url, 'GET', '/api/users');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('POST /api/users → { success: true }', async () => {
    const response = await request(server.url, 'POST', '/api/users', {
      name: 'Ada',
      email: 'ada@example.com',
    });
    expect(response.body).toEqual({ success: true });
  });

  it('GET /api/users/:id → {}', async () => {
    const response = await request(
      server.url,
      'GET',
      '/api/users/4b9c2a55-6f0e-4a53-9d2e-2f0a4c1e8b11',
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({});
  });

  it('DELETE /api/users/:id → { success: true }', async () => {
    const response = await request(
      server.url,
      'DELETE',
      '/api/users/4b9c2a55-6f0e-4a53-9d2e-2f0a4c1e8b11',
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
  });

  it('GET /login renders a login form', async () => {
    const response = await fetch(`${server.url}/login`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toMatch(/<form[^>]*>/);
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    // Attribute order is React's business: look for an input with both attributes.
    expect(html).toMatch(/<input (?=[^>]*id="password")(?=[^>]*type="password")[^>]*>/);
    expect(html).toMatch(/<input (?=[^>]*id="email")(?=[^>]*type="email")[^>]*>/);
    expect(html).toMatch(/<button type="submit">Log in<\/button>/);
  });
});
