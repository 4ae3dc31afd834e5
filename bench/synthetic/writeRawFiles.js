// The floor for generation: a plain Node script that writes the very bytes appgen generated
// (read from one JSON payload: path → content), with no templates, no validation, no diffing.
// Run as a child process, like `appgen generate`, so both include Node's start-up.
const fs = require('fs');
const path = require('path');

const [payloadFile, outDir] = process.argv.slice(2);
const files = JSON.parse(fs.readFileSync(payloadFile, 'utf8'));
const made = new Set();
for (const [relative, content] of Object.entries(files)) {
  const target = path.join(outDir, relative);
  const dir = path.dirname(target);
  if (!made.has(dir)) {
    fs.mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  fs.writeFileSync(target, content);
}
