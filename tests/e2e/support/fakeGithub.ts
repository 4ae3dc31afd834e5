import { createHash, randomBytes } from 'crypto';
import http from 'http';

/** A user of the fake GitHub: their numeric id, login, name and addresses. */
export interface GithubUser {
  id: number;
  login: string;
  name: string | null;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}

/** A running fake GitHub: its web address (the app's APPGEN_OIDC_<NAME>_ISSUER) and client. */
export interface FakeGithub {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The requests it received, `METHOD /path` each (the API's and the token endpoint's). */
  requests: string[];
  close(): Promise<void>;
}

/**
 * GitHub's OAuth 2.0 web flow and the two REST calls a sign-in makes, on loopback, laid out as a
 * GitHub Enterprise Server is (`/login/oauth/*` and `/api/v3/*`): an authorize page whose form
 * takes a login (standing for GitHub's sign-in and consent), the token endpoint (which checks
 * the client, the redirect URI and the PKCE verifier against the S256 challenge, as GitHub
 * does), and `GET /api/v3/user` and `/api/v3/user/emails` with the access token. Only what the
 * sign-in needs: it is not GitHub.
 */
export async function startFakeGithub(users: GithubUser[]): Promise<FakeGithub> {
  const clientId = 'appgen-github-test';
  const clientSecret = 'appgen-github-test-secret';
  const codes = new Map<string, { login: string; redirectUri: string; challenge: string }>();
  const tokens = new Map<string, GithubUser>();
  const requests: string[] = [];
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-github');
    requests.push(`${req.method} ${url.pathname}`);
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        const query = url.searchParams;
        if (
          query.get('client_id') !== clientId ||
          query.get('code_challenge_method') !== 'S256' ||
          !query.get('code_challenge') ||
          !query.get('state')
        )
          return json(res, 400, { error: 'bad authorize request', query: query.toString() });
        const hidden = ['redirect_uri', 'state', 'code_challenge', 'scope']
          .map(
            (name) =>
              `<input type="hidden" name="${name}" value="${String(query.get(name)).replace(/"/g, '&quot;')}">`,
          )
          .join('');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><html lang="en"><head><title>Authorize</title></head><body><main>` +
            `<form method="post" action="/login/oauth/authorize">${hidden}` +
            `<label>Login <input name="login"></label><button>Authorize</button></form></main></body></html>`,
        );
      }
      if (req.method === 'POST' && url.pathname === '/login/oauth/authorize') {
        const form = new URLSearchParams(body);
        const code = randomBytes(12).toString('hex');
        codes.set(code, {
          login: String(form.get('login')),
          redirectUri: String(form.get('redirect_uri')),
          challenge: String(form.get('code_challenge')),
        });
        const back = new URL(String(form.get('redirect_uri')));
        back.searchParams.set('code', code);
        back.searchParams.set('state', String(form.get('state')));
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        const form = new URLSearchParams(body);
        const grant = codes.get(String(form.get('code')));
        codes.delete(String(form.get('code')));
        const verifier = String(form.get('code_verifier'));
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        const user = users.find((u) => u.login === grant?.login);
        if (
          grant === undefined ||
          user === undefined ||
          form.get('client_id') !== clientId ||
          form.get('client_secret') !== clientSecret ||
          form.get('redirect_uri') !== grant.redirectUri ||
          challenge !== grant.challenge
        )
          return json(res, 400, { error: 'bad_verification_code' });
        const token = `gho_${randomBytes(16).toString('hex')}`;
        tokens.set(token, user);
        return json(res, 200, {
          access_token: token,
          token_type: 'bearer',
          scope: 'read:user,user:email',
        });
      }
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (req.method === 'GET' && url.pathname === '/api/v3/user')
        return user
          ? json(res, 200, { id: user.id, login: user.login, name: user.name })
          : json(res, 401, { message: 'Bad credentials' });
      if (req.method === 'GET' && url.pathname === '/api/v3/user/emails')
        return user
          ? json(
              res,
              200,
              user.emails.map((e) => ({ ...e, visibility: null })),
            )
          : json(res, 401, { message: 'Bad credentials' });
      json(res, 404, { message: 'Not Found' });
    });
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    requests,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
