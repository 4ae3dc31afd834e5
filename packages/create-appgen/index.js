#!/usr/bin/env node
// `npm create appgen@alpha my-app` runs this package's bin: appgen's own project creator, from the
// appgen version this package pins (the two are released together, with the same version).
require('appgen/dist/cli/create-appgen.js');
