import type { ReactElement } from 'react';
import { Icon } from '../icons.js';

/** Disabled until the client script takes over: without JavaScript the page stays in its default mode. */
export function ColorModeToggle(): ReactElement {
  return (
    <button type="button" className="color-mode-toggle" data-color-mode-toggle="" aria-label="Switch between dark and light mode" title="Switch between dark and light mode" disabled>
      <span className="icon-light"><Icon name="sun" /></span>
      <span className="icon-dark"><Icon name="moon" /></span>
    </button>
  );
}
