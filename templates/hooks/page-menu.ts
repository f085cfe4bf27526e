/** What the page menu (`templates/PageMenu.tsx`) and its client (`templates/client/page-menu.ts`) agree on. */

/** The attribute of the "Copy as Markdown" button, holding the path of the page's twin. */
export const PAGE_MENU_COPY = 'data-page-menu-copy';
/** The attribute of the element that tells screen readers how the copy went. */
export const PAGE_MENU_STATUS = 'data-page-menu-status';
/** Set on `<html>` by the client when the browser offers a clipboard: the stylesheet shows the copy button then. */
export const CLIPBOARD_ATTRIBUTE = 'data-clipboard';
export const COPY_LABEL = 'Copy as Markdown';
