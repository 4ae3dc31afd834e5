import fs from 'fs';
import path from 'path';
import { VALIDATOR_NAMES } from '../../../src/config/validators';

// src/appgen/body.ts is a runtime file (copied as it is): its ValidatorName type lists the
// validators by hand, so a body spec naming another, or a runtime missing one, does not compile.
// It must list exactly the validators the config accepts.
it("the runtime's ValidatorName type lists every validator the config accepts, in order", () => {
  const source = fs.readFileSync(
    path.join(__dirname, '../../../templates/src/appgen/body.ts'),
    'utf8',
  );
  const union = /export type ValidatorName =([^;]*);/.exec(source)?.[1] ?? '';
  const names = [...union.matchAll(/\|\s*"([^"]+)"/g)].map((match) => match[1]);
  expect(names).toEqual([...VALIDATOR_NAMES]);
});
