import path from 'path';
import { REPO_ROOT } from '../support/paths';
import { projectContext } from '../templates/fixtures';

const starter = () => projectContext(path.join(REPO_ROOT, 'examples', 'minimal'));

describe("the navigation of an app with accounts (the starter's)", () => {
  it('has a log-out control posting to the log-out route, then going to the login page', () => {
    expect(starter().accountNav).toEqual({ logOutPath: '/api/logout', afterLogOut: '/login' });
  });

  it('lists the pages for everyone first, then the signed-in page (signed in only), then log-in and sign-up (visitors only)', () => {
    expect(starter().navLinks).toEqual([
      {
        href: '/users',
        label: 'Users',
        signedOutOnly: false,
        signedInOnly: false,
        navPartial: 'view/nav/link',
        homePartial: 'view/home/link',
      },
      {
        href: '/account',
        label: 'Your account',
        signedOutOnly: false,
        signedInOnly: true,
        navPartial: 'view/nav/signedInLink',
        homePartial: 'view/home/signedInLink',
      },
      {
        href: '/login',
        label: 'Log in',
        signedOutOnly: true,
        signedInOnly: false,
        navPartial: 'view/nav/signedOutLink',
        homePartial: 'view/home/signedOutLink',
      },
      {
        href: '/signup',
        label: 'Sign up',
        signedOutOnly: true,
        signedInOnly: false,
        navPartial: 'view/nav/signedOutLink',
        homePartial: 'view/home/signedOutLink',
      },
    ]);
  });

  it('ends the navigation with the log-out button, in an async layout that reads the session', () => {
    const project = starter();
    expect(project.navItems.map((item) => item.navPartial)).toEqual([
      'view/nav/link',
      'view/nav/signedInLink',
      'view/nav/signedOutLink',
      'view/nav/signedOutLink',
      'view/nav/logOut',
    ]);
    expect(project.layoutFunction).toBe('async function');
    expect(project.layoutStatements.at(-1)).toBe(
      'const signedIn = (await signedInUser()) !== null;',
    );
  });

  it('scaffolds getAuthUser, with which the layout reads the session', () => {
    expect(starter().hasAuth).toBe(true);
  });

  it('has no log-out control without a log-out route (the publishing API has no pages either)', () => {
    expect(projectContext(path.join(REPO_ROOT, 'examples', 'forum')).accountNav).toBeNull();
    expect(projectContext(path.join(REPO_ROOT, 'examples', 'publishing')).accountNav).toBeNull();
  });

  it('never takes null for a password, even where the model field is optional', () => {
    const methods = starter().methods;
    const password = (route: string) =>
      methods
        .find((m) => `${m.method} ${m.urlPath}` === route)
        ?.body.find((field) => field.name === 'password');
    expect(password('POST /api/signup')).toMatchObject({ required: true, nullable: false });
    expect(password('POST /api/login')).toMatchObject({ required: true, nullable: false });
  });
});
