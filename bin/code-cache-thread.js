// The build's second thread when the CLI runs from its CommonJS bundle (see code-cache.js): the
// thread's own bundle, with a code cache of its own. A thread is ended, not left to finish, so its
// cache is written once it has answered its first task (its work compiles what the rest will use).
import { parentPort } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { loadWithCodeCache } from './code-cache.js';

let loaded;
const post = parentPort.postMessage.bind(parentPort);
parentPort.postMessage = (message, ...rest) => {
  post(message, ...rest);
  if (message?.reply?.ok !== true) return;
  parentPort.postMessage = post;
  loaded?.save();
};
loaded = loadWithCodeCache(fileURLToPath(new URL('../dist/bundle/cli/thread.cjs', import.meta.url)), 'thread');
