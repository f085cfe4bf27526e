import type { RuleDescriptor } from '../diagnostics/severity.js';
import { OUTPUT_RULE } from './output-error.js';

export const output: RuleDescriptor = {
  id: OUTPUT_RULE,
  severity: 'error',
  configurable: false,
  doc: 'the output folder can take the build: one line when the disk is full, a folder is read-only or not writable, a mount point is in the way, or a file stands where a folder goes (`out/site` included), or another build held the folder for over 60 s; `out/` is left as it was',
};
