import { UserError } from '../../../src/diagnostics/diagnostic';
import { resolveTemplateNames } from '../../../src/templates/resolveTemplateNames';
import { thrownBy } from '../support/generate';

const KNOWN = ['partials/orm/none/get.hbs', 'partials/orm/prisma/create.hbs', 'partials/orm/prisma/get.hbs', 'partials/view/element.hbs', 'src/app/[view]/page.tsx.hbs', 'src/app/layout.tsx.hbs'];

describe('resolveTemplateNames', () => {
  it.each([
    ['partials/view/element.hbs', ['partials/view/element.hbs']],
    ['partials/view/element', ['partials/view/element.hbs']],
    ['view/element', ['partials/view/element.hbs']],
    ['templates/src/app/layout.tsx.hbs', ['src/app/layout.tsx.hbs']],
    ['src/app/layout.tsx', ['src/app/layout.tsx.hbs']],
    ['./src/app/[view]/page.tsx.hbs', ['src/app/[view]/page.tsx.hbs']],
    ['orm/prisma', ['partials/orm/prisma/create.hbs', 'partials/orm/prisma/get.hbs']],
    ['partials/orm/', ['partials/orm/none/get.hbs', 'partials/orm/prisma/create.hbs', 'partials/orm/prisma/get.hbs']],
  ])('%s', (input, expected) => {
    expect(resolveTemplateNames([input], KNOWN)).toEqual(expected);
  });

  it('merges and sorts several names without duplicates', () => {
    expect(resolveTemplateNames(['view/element', 'src/app/layout.tsx', 'partials/view/element.hbs'], KNOWN)).toEqual(['partials/view/element.hbs', 'src/app/layout.tsx.hbs']);
  });

  it('refuses unknown names, suggesting in the spelling used', () => {
    const error = thrownBy(() => resolveTemplateNames(['view/elemnt', 'src/app/layot.tsx.hbs', 'nothing-like-it'], KNOWN)) as UserError;
    expect(error).toBeInstanceOf(UserError);
    expect(error.message).toBe('unknown templates: "view/elemnt", "src/app/layot.tsx.hbs", "nothing-like-it"');
    expect(error.hint).toBe('did you mean "view/element", "src/app/layout.tsx.hbs"? `appgen templates list` shows every built-in template and partial.');
  });

  it('does not treat an empty name as the root folder', () => {
    expect(thrownBy(() => resolveTemplateNames(['/'], KNOWN))).toBeInstanceOf(UserError);
  });
});
