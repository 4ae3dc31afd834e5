import path from 'path';
import { REPO_ROOT } from '../support/paths';
import { projectContext } from '../templates/fixtures';

/** Each view's name with the class names of its `<main>`. */
const pageClasses = (example: string) =>
  Object.fromEntries(
    projectContext(path.join(REPO_ROOT, 'examples', example)).views.map((view) => [
      view.name,
      view.pageClass,
    ]),
  );

describe('account pages as cards (ViewContext.pageClass)', () => {
  it("draws the starter's log-in, sign-up, reset and verification pages as cards, and its other pages in full width", () => {
    expect(pageClasses('minimal')).toEqual({
      AccountPage: 'appgen-page',
      ForgotPasswordPage: 'appgen-page appgen-page-card',
      LoginPage: 'appgen-page appgen-page-card',
      ResetPasswordPage: 'appgen-page appgen-page-card',
      SignupPage: 'appgen-page appgen-page-card',
      VerifyEmailPage: 'appgen-page appgen-page-card',
      UserPage: 'appgen-page',
      UsersPage: 'appgen-page',
    });
  });

  it('keeps a log-in form bound to a function route (not an account route) in full width', () => {
    const classes = pageClasses('blog');
    expect(classes.LoginPage).toBe('appgen-page');
    expect(Object.values(classes).every((name) => name === 'appgen-page')).toBe(true);
  });
});
