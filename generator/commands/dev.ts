// `specsite dev`: the watch engine, the builder thread and the server live in generator/dev/.
export { dev, type DevBuildEvent, type DevOptions, type DevResult } from '../dev/watch.js';
