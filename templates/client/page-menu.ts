import { CLIPBOARD_ATTRIBUTE, COPY_LABEL, PAGE_MENU_COPY, PAGE_MENU_STATUS } from '../hooks/page-menu.js';

/** How long "Copied" (or the failure) stays on the button. */
const SHOWN_MS = 2000;

const OUTCOME = {
  copied: { label: 'Copied', status: 'The page was copied as Markdown.' },
  failed: { label: 'Copy failed', status: 'The page could not be copied.' },
} as const;

const timers = new WeakMap<Element, ReturnType<typeof setTimeout>>();

/**
 * "Copy as Markdown" of the page menu (`PageMenu`): fetches the page's Markdown twin and puts it on
 * the clipboard. A browser without a clipboard (a page served over plain http from a host other
 * than localhost) never shows the button.
 */
export function installPageMenu(): void {
  if (!navigator.clipboard) return;
  document.documentElement.setAttribute(CLIPBOARD_ATTRIBUTE, '');
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.(`button[${PAGE_MENU_COPY}]`);
    const path = button?.getAttribute(PAGE_MENU_COPY);
    if (!button || !path) return;
    copyTwin(path).then(
      () => show(button, 'copied'),
      (error: unknown) => {
        console.warn('specsite: the page could not be copied as Markdown:', error);
        show(button, 'failed');
      },
    );
  });
}

/**
 * The clipboard is written with a `ClipboardItem` whose text is still on its way, so that the
 * click's permission holds while the twin loads (Safari asks for that); `writeText` elsewhere.
 */
async function copyTwin(path: string): Promise<void> {
  const text = fetch(path, { credentials: 'same-origin' }).then(async (response) => {
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return response.text();
  });
  if (typeof ClipboardItem === 'function' && typeof navigator.clipboard.write === 'function') {
    const blob = text.then((markdown) => new Blob([markdown], { type: 'text/plain' }));
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
  } else await navigator.clipboard.writeText(await text);
}

/** The outcome on the button for a moment, and in the menu's status for screen readers. */
function show(button: Element, outcome: keyof typeof OUTCOME): void {
  const status = button.closest('.page-menu-container')?.querySelector(`[${PAGE_MENU_STATUS}]`);
  clearTimeout(timers.get(button));
  button.textContent = OUTCOME[outcome].label;
  button.setAttribute('data-state', outcome);
  if (status) status.textContent = OUTCOME[outcome].status;
  timers.set(
    button,
    setTimeout(() => {
      button.textContent = COPY_LABEL;
      button.removeAttribute('data-state');
      if (status) status.textContent = '';
    }, SHOWN_MS),
  );
}
