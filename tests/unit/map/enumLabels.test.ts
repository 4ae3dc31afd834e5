import { enumOptions } from '../../../src/map/fieldLabels';
import { describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

describe('enum values with labels', () => {
  it('shows a value in words unless the model gives its label; the value is kept', () => {
    expect(enumOptions(['draft', 'in_review', 'readyToShip', 'USD'], { draft: 'Not yet' })).toEqual(
      [
        { value: 'draft', label: 'Not yet' },
        { value: 'in_review', label: 'In review' },
        { value: 'readyToShip', label: 'Ready to ship' },
        { value: 'USD', label: 'USD' },
      ],
    );
    expect(enumOptions(null, undefined)).toBeNull();
  });

  const withStatus = (status: Record<string, unknown>) =>
    problemsIn(
      minimalProject({ 'config/models/Post.json': { name: 'Post', fields: { status } } }),
    ).map(describeProblem);

  it('refuses a label of a value the enum does not have (did-you-mean), and labels on other types', () => {
    expect(
      withStatus({ type: 'enum', values: ['draft', 'in_review'], labels: { in_reveiw: 'x' } }),
    ).toEqual([
      expect.stringMatching(
        /Post\.json:\d+:\d+ fields\.status\.labels\.in_reveiw \| "labels" names "in_reveiw", which is not one of the values of enum field "status" \| did you mean "in_review"/,
      ),
    ]);
    expect(withStatus({ type: 'string', labels: { a: 'A' } })).toEqual([
      expect.stringMatching(
        /fields\.status\.labels \| "labels" only applies to enum fields, and "status" is string/,
      ),
    ]);
    expect(
      withStatus({
        type: 'enum',
        values: ['draft', 'in_review'],
        labels: { in_review: 'Waiting' },
      }),
    ).toEqual([]);
  });
});
