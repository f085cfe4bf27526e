import type { ReactElement } from 'react';
import { useColorMode } from '../hooks/color-mode.js';
import { Icon } from '../icons.js';
import type { SiteModel } from '../model.js';

/** Disabled until the client takes over: without JavaScript the page stays in its default mode. */
export function ColorModeToggle({ defaultMode }: { defaultMode: SiteModel['colorMode']['defaultMode'] }): ReactElement {
  const { mode, ready, toggle } = useColorMode(defaultMode);
  const label = `Switch between dark and light mode (currently ${mode} mode)`;
  return (
    <button
      type="button"
      className="color-mode-toggle"
      data-color-mode-toggle=""
      aria-label={label}
      title={label}
      disabled={!ready}
      onClick={toggle}
    >
      <span className="icon-light">
        <Icon name="sun" />
      </span>
      <span className="icon-dark">
        <Icon name="moon" />
      </span>
    </button>
  );
}
