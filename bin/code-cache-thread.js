// The build's second thread when the CLI runs from its CommonJS bundle (see code-cache.js): the
// thread's own bundle, with a code cache of its own. A thread is ended, not left to finish, and may
// be ended before it does anything (the build did the work itself meanwhile): a first cache, of what
// loading compiled, is written at once; the whole one once the thread has answered a task (its work
// compiles what the rest will use), and from then on that one is used.
import { parentPort } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { loadWithCodeCache } from './code-cache.js';
import { cachePackages } from './code-cache-packages.js';

const [WORKED, LOADED] = ['thread', 'thread-loaded'];
let loaded;
// The packages the thread's script leaves to Node (TypeScript, openapi-typescript, Ajv...) keep
// theirs too, each written when the thread has done the first task that loaded it.
const packages = cachePackages([WORKED]);
const post = parentPort.postMessage.bind(parentPort);
let answered = false;
parentPort.postMessage = (message, ...rest) => {
  // Before the answer, which may be the last: the build then ends the thread.
  if (message?.reply?.ok === true) packages.save(WORKED);
  post(message, ...rest);
  if (message?.reply?.ok !== true || answered) return;
  answered = true;
  loaded?.save(WORKED);
};
const file = fileURLToPath(new URL('../dist/bundle/cli/thread.cjs', import.meta.url));
loaded = loadWithCodeCache(file, [WORKED, LOADED]);
if (loaded.fromCache === undefined) loaded.save(LOADED);
