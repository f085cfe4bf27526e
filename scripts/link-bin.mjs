// npm links the bins of dependencies into node_modules/.bin, never the root package's own, so
// `npx specsite` would go looking in the registry. This links it, once `npm ci` has run.
import { chmodSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';

mkdirSync('node_modules/.bin', { recursive: true });
rmSync('node_modules/.bin/specsite', { force: true });
symlinkSync('../../bin/specsite.js', 'node_modules/.bin/specsite');
chmodSync('bin/specsite.js', 0o755);
