/**
 * Dropdown menus are native disclosures, so Enter on their summary opens and closes them without any
 * script. The client adds the rest: a click outside closes them, Escape closes the one
 * holding focus and returns focus to its summary, and opening one closes the others.
 */
export function installDropdowns(): void {
  const open = (): HTMLDetailsElement[] => [
    ...document.querySelectorAll<HTMLDetailsElement>('details[data-dropdown][open]'),
  ];
  document.addEventListener('click', (event) => {
    for (const details of open()) if (!details.contains(event.target as Node)) details.open = false;
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const details of open()) {
      const hadFocus = details.contains(document.activeElement);
      details.open = false;
      if (hadFocus) details.querySelector<HTMLElement>(':scope > summary')?.focus();
    }
  });
  document.addEventListener(
    'toggle',
    (event) => {
      const opened = event.target as HTMLDetailsElement;
      if (!opened.matches?.('details[data-dropdown]') || !opened.open) return;
      for (const details of open()) if (details !== opened) details.open = false;
    },
    true,
  );
}
