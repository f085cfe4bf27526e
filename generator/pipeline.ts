import { join } from 'node:path';
import { budgetDiagnostics, javascriptWeight } from './client/budget.js';
import { buildClient } from './client/build.js';
import { cacheDistrustDiagnostics } from './cache/rules.js';
import { countBySeverity, normalizeDiagnostics, type Diagnostic } from './diagnostics/diagnostic.js';
import { Background, later } from './workers/background.js';
import { apiPagesReport, pageBudgetDiagnostics } from './render/page-weight.js';
import { awaitChecksAndTypes } from './pipeline/checks-and-types.js';
import { finishMarkdown, startMarkdown } from './pipeline/markdown-stage.js';
import { prepareSite } from './pipeline/prepare.js';
import type { EarlyReference } from './pipeline/reference.js';
import { siteRenderer } from './pipeline/render-stage.js';
import type { BuildOptions, BuildReport, EmitPage, SiteOutput, SiteParts } from './pipeline/site-output.js';
import { StageClock } from './pipeline/stage-clock.js';
import { outputFiles } from './pipeline/write-stage.js';
import { inputPaths } from './pipeline/input-paths.js';
import { SiteSearch } from './search/index.js';
import { buildInputs } from './write/inputs.js';

export { BUILD_STAGES, type BuildStage } from './pipeline/stage-clock.js';
export { prepareSite, type PreparedSite } from './pipeline/prepare.js';
export { checkSiteLinks, reservedRoutes } from './pipeline/reference.js';
export type { BuildOptions, BuildReport, SiteOutput, SiteParts } from './pipeline/site-output.js';

/**
 * The whole pipeline: what `build` writes, or the diagnostics that stopped it. Every file is in
 * `files`, except the pages' HTML when `emitPage` takes it. config → contracts → reference →
 * content (with links) come from `prepareSite`; the client is bundled before rendering because
 * every page links its hashed file names; the site is rendered before the contracts' checks are
 * back (a failed build writes nothing anyway), and rendered again if they change the reference.
 */
export async function compileSite(options: BuildOptions, emitPage?: EmitPage): Promise<SiteOutput> {
  const clock = new StageClock(options.onStage);
  const background = Background.deferred();
  // The Markdown twins' own thread: they are printed while this one renders the site.
  const twinThread = Background.threaded();
  // The reference's samples and the content's code blocks are coloured on a thread of their own.
  const colourThread = Background.threaded();
  let search: SiteSearch | undefined;
  try {
    const prepared = await prepareSite(options, { kind: 'build', background, colours: colourThread }, clock);
    if (!prepared.ok) return failed(prepared.diagnostics);
    const site = prepared.site;
    const early = site.reference as EarlyReference;
    // The contracts' checks and types are the second thread's only work: once they are back it ends,
    // and what it held (GitHub's contract parsed again, its types: a third of a GB) goes before rendering peaks.
    later(Promise.allSettled([site.contractDiagnostics, site.types]).then(() => background.close()));
    // The content is compiled: once the reference's samples are coloured too, the colour thread has
    // done its part, and ends (its grammars and what it coloured are let go before the site renders).
    later(early.reference.coloured().finally(() => colourThread.close()));
    // Pagefind reads each page as it is rendered, in a process of its own (see SiteSearch).
    search = new SiteSearch(site.config, site.content, site.cache);
    const diagnostics: Diagnostic[] = [...site.configDiagnostics, ...site.contentDiagnostics];

    const client = await clock.timed('client', () =>
      buildClient(site.cache, { blog: site.content.blog !== undefined }),
    );
    const javascript = javascriptWeight(client);
    diagnostics.push(...budgetDiagnostics(javascript));

    const twins = await clock.early('markdown', () => startMarkdown(site, early.reference, twinThread));
    // The index is begun as soon as its pages are in, while the rest of the site renders.
    search.expect(early.reference);
    const { renderer, first } = await clock.timed('render', async () => {
      const renderer = await siteRenderer(site, client, emitPage && search?.tap(emitPage));
      return { renderer, first: await renderer.renderWith(early.reference) };
    });

    const settled = await clock.timed('checks-and-types', () =>
      awaitChecksAndTypes(site, early, background, renderer, first),
    );
    diagnostics.push(...settled.diagnostics);
    const { render, reference, rendered } = settled.site;
    diagnostics.push(...rendered.diagnostics);
    if (!emitPage) search.takeAll(rendered.files);
    const { config, configSource, cache, contracts, content } = site;
    const pageBudget = config.apiPages.pageBudget;
    const located = rendered.apiWeights.map((w) => ({ ...w, file: join(options.out, w.file) }));
    diagnostics.push(...pageBudgetDiagnostics(located, pageBudget));
    const parts: SiteParts = { config, configSource, cache, contracts, content, reference, render };
    const types = settled.types;
    if (countBySeverity(diagnostics).errors > 0 || !types) return failed(diagnostics, parts);

    // Pagefind (a process of its own) writes the index while this thread finishes the twins; `search`
    // is the time the build still waits for it after them.
    const indexing = search.finish(reference);
    const markdown = await clock.timed('markdown', () =>
      finishMarkdown(twins, site, reference, client, renderer.favicon, options.out),
    );
    later(twinThread.close());
    diagnostics.push(...markdown.diagnostics);
    const { errors, warnings } = countBySeverity(diagnostics);
    if (errors > 0 || (options.strict && warnings > 0)) return failed(diagnostics, parts);

    // While the index is finished (Pagefind's process, then the merge with the last one), the twins
    // go to the output; a build that fails after this writes nothing anyway (the staging folder goes).
    const twinsWritten = emitPage ? writeTwins(markdown.files, emitPage) : undefined;
    const [index] = await Promise.all([clock.timed('search', () => indexing), twinsWritten]);
    if (!index.ok) return failed([...diagnostics, ...index.diagnostics], parts);
    // Every entry has been read by now: what was not this machine's is said once.
    const distrust = cacheDistrustDiagnostics(cache, config.rules);
    if (options.strict && distrust.length > 0) return failed(diagnostics, parts);
    diagnostics.push(...distrust);

    // The report is written with the site, so the write stage's own time is up to this point.
    const files = await clock.timed('write', async () =>
      outputFiles({
        config,
        apis: site.apis,
        site: settled.site,
        client,
        content,
        icon: renderer.favicon,
        types,
        markdown: markdown.files,
        markdownWritten: twinsWritten !== undefined,
        search: index.files,
      }),
    );
    const normalized = normalizeDiagnostics(diagnostics);
    const report: BuildReport = {
      pages: rendered.pages,
      warnings: normalized,
      stages: clock.stages,
      totalMs: clock.totalMs,
      javascript,
      search: index.report,
      apiPages: apiPagesReport(rendered.apiWeights, pageBudget),
      secondThread: background.usedSecondThread || content.secondThread || rendered.secondThread,
      inputs: await buildInputs(config.project.dir, inputPaths(config, site.apis, content)),
    };
    files.set('build-report.json', `${JSON.stringify(report, null, 2)}\n`);
    return { diagnostics: normalized, files, report, parts };
  } finally {
    await Promise.all([search?.close(), background.close(), twinThread.close(), colourThread.close()]);
  }
}

/** Each twin to the output, as a page is. */
async function writeTwins(files: ReadonlyMap<string, string>, emit: EmitPage): Promise<void> {
  await Promise.all([...files].map(([path, text]) => emit(`site/${path}`, text)));
}

/** A build that stops: its diagnostics, with what it found in the cache and did not trust so far. */
function failed(diagnostics: Diagnostic[], parts?: SiteParts): SiteOutput {
  const distrust = parts ? cacheDistrustDiagnostics(parts.cache, parts.config.rules) : [];
  return {
    diagnostics: normalizeDiagnostics([...diagnostics, ...distrust]),
    files: undefined,
    report: undefined,
    parts,
  };
}
