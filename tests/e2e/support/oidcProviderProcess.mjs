// An OpenID Connect provider on loopback for the e2e tests (oidc-provider, ES modules only, so a
// process of its own, which tests/e2e/support/oidcProvider.ts starts). Arguments: the port, the
// client's redirect URI, and the accounts as JSON (login -> claims). Its development pages ask
// for any login and password: the login names the account (its `sub`); an account not listed has
// the address <login>@corp.example.com, verified. Prints "ready" once it listens.
import Provider from 'oidc-provider';

const [port, redirectUri, accountsJson] = process.argv.slice(2);
const accounts = JSON.parse(accountsJson);
const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: 'appgen-test',
      client_secret: 'appgen-test-secret',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  findAccount: (ctx, id) => ({
    accountId: id,
    claims: () => ({
      sub: id,
      ...(accounts[id] ?? { email: `${id}@corp.example.com`, email_verified: true, name: id }),
    }),
  }),
  pkce: { required: () => true },
  cookies: { keys: ['appgen-test-cookie-key'] },
});
provider.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
