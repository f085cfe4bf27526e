import type { RuleDescriptor } from '../diagnostics/severity.js';

// The config's own rules: one README line for all of them, since they are the config's schema speaking.
const doc = 'the site config (`types.version` is a semantic version; the site `url` is http or https)';
const configRule = (id: string): RuleDescriptor => ({ id, severity: 'error', configurable: false, doc });

export const configParse = configRule('config-parse');
export const configUnknownKey = configRule('config-unknown-key');
export const configType = configRule('config-type');
export const configInvalid = configRule('config-invalid');
export const navbarItemType = configRule('navbar-item-type');
