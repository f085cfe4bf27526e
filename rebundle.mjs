import { writeFileSync } from 'node:fs';
import { buildClient } from './dist/generator/client/build.js';
const c = await buildClient();
writeFileSync(process.argv[2], c.files.get(c.js));
console.log(c.jsGzipBytes);
