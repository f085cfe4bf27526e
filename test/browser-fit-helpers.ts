import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { parse } from 'yaml';
import { operationPages, scoreOperations, widest, type Widest } from './widest-operations.js';

export async function readDocument(file: string): Promise<Record<string, unknown>> {
  const text = await readFile(file, 'utf8');
  return (file.endsWith('.json') ? JSON.parse(text) : parse(text)) as Record<string, unknown>;
}

/** The ten widest operations over the given APIs (id → documents), each with the route of its page. */
export async function widestRoutes(
  site: string,
  apis: Record<string, Array<Record<string, unknown>>>,
): Promise<string[]> {
  const routes = new Map<string, string>();
  const scored: Widest[] = [];
  for (const [id, documents] of Object.entries(apis)) {
    const pages = await operationPages(site, `api/${id}`);
    for (const document of documents)
      for (const operation of scoreOperations(document)) {
        const page = pages.get(operation.operationId);
        assert.ok(page, `${id}: a page holds ${operation.operationId}`);
        routes.set(operation.operationId, `${page}#${operation.operationId}`);
        scored.push(operation);
      }
  }
  return widest(scored, 10).map((o) => routes.get(o.operationId) as string);
}

/** What sticks out of the operation's text pane, or is cut, at the page's width; empty when it all fits. */
export async function misfits(browser: Browser, origin: string, route: string, width: number): Promise<string[]> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  try {
    await page.goto(origin + route);
    const id = decodeURIComponent(route.split('#')[1] ?? '');
    // Past a long page's fold the operation is a stub until the client has moved its body in.
    await page.waitForFunction((id) => {
      const section = document.getElementById(id);
      return section !== null && !section.classList.contains('api-stub');
    }, id);
    return await page.evaluate(
      ([id, where]) => {
        const pane = document.getElementById(id)?.querySelector(':scope > .api-operation-text');
        if (!pane) return [`${where}: no text pane`];
        const edge = pane.getBoundingClientRect();
        const found: string[] = [];
        const name = (el: Element) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${el.textContent?.slice(0, 40)}"`;
        if (pane.scrollWidth > pane.clientWidth)
          found.push(`${where}: the pane scrolls, ${pane.scrollWidth} > ${pane.clientWidth}`);
        for (const el of pane.querySelectorAll('*')) {
          // A code block scrolls on purpose: what is wider inside it is scrolled, not cut; the block itself is checked.
          const scroller = el.parentElement?.closest('pre');
          if (scroller && pane.contains(scroller)) continue;
          const box = el.getBoundingClientRect();
          if (box.width === 0 && box.height === 0) continue;
          if (box.left < edge.left - 1 || box.right > edge.right + 1)
            found.push(
              `${where}: ${name(el)} spans ${Math.round(box.left)}–${Math.round(box.right)}, the pane ${Math.round(edge.left)}–${Math.round(edge.right)}`,
            );
        }
        for (const list of pane.querySelectorAll('ul, ol, dl, table, .table-scroll, .api-parameters, .schema-tree'))
          if (list.scrollWidth > list.clientWidth + 1)
            found.push(`${where}: ${name(list)} scrolls, ${list.scrollWidth} > ${list.clientWidth}`);
        // A name is cut when a box between it and the pane hides what sticks out of it.
        for (const el of pane.querySelectorAll('.api-parameter-name, .schema-property-name')) {
          const box = el.getBoundingClientRect();
          if (box.width === 0) continue;
          for (let up = el.parentElement; up && up !== pane; up = up.parentElement) {
            const clip = up.getBoundingClientRect();
            if (
              getComputedStyle(up).overflowX !== 'visible' &&
              (box.right > clip.right + 1 || box.left < clip.left - 1)
            )
              found.push(`${where}: ${name(el)} is cut by ${name(up)}`);
          }
        }
        return found;
      },
      [id, `${route} at ${width} px`] as const,
    );
  } finally {
    await page.close();
  }
}
