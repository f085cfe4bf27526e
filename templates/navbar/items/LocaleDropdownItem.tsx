import type { ReactElement } from 'react';
import { Icon } from '../../icons.js';
import type { NavItemModel } from '../../model.js';

type Props = Extract<NavItemModel, { type: 'localeDropdown' }>;

/** A Map, not an object: a locale code is the config's word, and `__proto__` or `constructor` names no language. */
const NAMES = new Map([
  ['en', 'English'],
  ['it', 'Italiano'],
  ['fr', 'Français'],
  ['de', 'Deutsch'],
  ['es', 'Español'],
]);

export function localeName(code: string): string {
  return NAMES.get(code) ?? code;
}

export function LocaleDropdownItem({ locales, current }: Props): ReactElement {
  return (
    <details className="navbar-dropdown locale-dropdown" data-dropdown="">
      <summary className="navbar-link" aria-label={`Language: ${localeName(current)}`}>
        <Icon name="globe" size={18} />
        <span>{localeName(current)}</span>
      </summary>
      <ul className="dropdown-menu">
        {locales.map((locale) => (
          <li key={locale.code}>
            <a
              className="dropdown-link"
              href={locale.href}
              lang={locale.code}
              {...(locale.code === current ? { 'aria-current': 'true' as const } : {})}
            >
              {locale.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
