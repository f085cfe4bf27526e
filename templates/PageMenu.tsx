import type { ReactElement } from 'react';
import { COPY_LABEL, PAGE_MENU_COPY, PAGE_MENU_STATUS } from './hooks/page-menu.js';
import { ExternalMark } from './Links.js';
import type { PageMenuModel } from './model.js';
import { safeHref } from './url-policy.js';

/** What the links to assistants ask: to read the page's Markdown. The site itself calls no one. */
export function assistantPrompt(markdownUrl: string): string {
  return `Read ${markdownUrl} so I can ask questions about it.`;
}

/** The assistants a page can be opened in: each a plain link whose query carries the prompt. */
export function assistantLinks(markdownUrl: string): Array<{ label: string; href: string | undefined }> {
  const q = encodeURIComponent(assistantPrompt(markdownUrl));
  return [
    { label: 'Open in ChatGPT', href: safeHref(`https://chatgpt.com/?q=${q}`) },
    { label: 'Open in Claude', href: safeHref(`https://claude.ai/new?q=${q}`) },
  ];
}

/**
 * The page's Markdown, as a native disclosure of links that works without JavaScript: view the
 * twin, or open it in an assistant. "Copy as Markdown" needs the clipboard, so it shows only once
 * the client has found one (`page-menu.ts`); the status beside the menu says how the copy went.
 */
export function PageMenu({ menu }: { menu: PageMenuModel | undefined }): ReactElement | null {
  if (!menu) return null;
  return (
    <div className="page-menu-container">
      <details className="navbar-dropdown page-menu" data-dropdown="">
        <summary className="page-menu-summary">Markdown</summary>
        <ul className="dropdown-menu page-menu-list">
          <li className="page-menu-copy">
            <button type="button" className="dropdown-link page-menu-button" {...{ [PAGE_MENU_COPY]: menu.markdown }}>
              {COPY_LABEL}
            </button>
          </li>
          <li>
            <a className="dropdown-link" href={menu.markdown} type="text/markdown">
              View as Markdown
            </a>
          </li>
          {assistantLinks(menu.markdownUrl).map((link) => (
            <li key={link.label}>
              <a className="dropdown-link" href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label}
                <ExternalMark />
              </a>
            </li>
          ))}
        </ul>
      </details>
      <span className="visually-hidden" role="status" {...{ [PAGE_MENU_STATUS]: '' }} />
    </div>
  );
}
