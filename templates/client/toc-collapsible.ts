/**
 * Following a link of the folded "On this page" (`TocCollapsible`) folds it again. The click is
 * handled before the browser follows the link, so the list is already closed when it scrolls and
 * the heading lands just below the navbar, not where the open list would have pushed it.
 */
export function installTocCollapsible(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('.toc-collapsible a[href]');
    const details = link?.closest('details');
    if (details) details.open = false;
  });
}
