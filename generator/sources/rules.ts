import type { RuleDescriptor } from '../diagnostics/severity.js';
import { DEPTH_LIMIT_RULE, ENCODING_RULE } from './limits.js';
import { PATH_OUTSIDE_PROJECT } from './project-path.js';

// The rules of reading any file the project names (config, contracts, pages): none can be set, since
// they leave no document to go on with, or guard the machine the build runs on.

export const parse: RuleDescriptor = {
  id: 'parse',
  severity: 'error',
  configurable: false,
  doc: 'the file is well-formed YAML or JSON (a key given twice in one object is an error in both, at its second occurrence); YAML aliases expand it to at most 64 MB',
};

export const encoding: RuleDescriptor = {
  id: ENCODING_RULE,
  severity: 'error',
  configurable: false,
  doc: 'the file is UTF-8 text (a byte-order mark is ignored); UTF-16 or bytes that are not UTF-8 are reported at the first bad byte',
};

export const depthLimit: RuleDescriptor = {
  id: DEPTH_LIMIT_RULE,
  severity: 'error',
  configurable: false,
  doc: 'objects and arrays nest at most 256 levels deep in the config and at most 128 in any file of a contract (the deepest public description we test nests 24); a deeper contract is not read further: use named schemas and `$ref`s',
};

export const pathOutsideProject: RuleDescriptor = {
  id: PATH_OUTSIDE_PROJECT,
  severity: 'error',
  configurable: false,
  doc: "every file a contract names (`$ref`s, also inside examples and `x-` extensions) and each API's `spec` lies inside the project, symlinks followed, not under `.git` nor (with `--root`) ignored by git; see [Untrusted input](#untrusted-input)",
};
