import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ApiPage as ApiPageTemplate } from '../../templates/api/ApiPage.js';
import type { ApiLinksModel } from '../../templates/api/model.js';
import { ChangelogPage } from '../../templates/api/ChangelogPage.js';
import { ModelSection } from '../../templates/api/Models.js';
import { Operation } from '../../templates/api/Operation.js';
import { PartDocument } from '../../templates/api/PartDocument.js';
import { BlogPage } from '../../templates/blog/BlogPage.js';
import type { BlogPageModel } from '../../templates/blog/model.js';
import { DocPage } from '../../templates/docs/DocPage.js';
import { Document } from '../../templates/Document.js';
import { Layout } from '../../templates/Layout.js';
import { PAGE_TREE_COMPONENTS } from '../../templates/mdx/components.js';
import { ContractsProvider } from '../../templates/mdx/contract/context.js';
import type { ContractCatalog } from '../../templates/mdx/contract-model.js';
import type { DocPageModel, HeadModel, PageMenuModel, SiteModel } from '../../templates/model.js';
import { NotFoundPage } from '../../templates/pages/NotFoundPage.js';
import { RedirectPage, type RedirectModel } from '../../templates/pages/RedirectPage.js';
import { StandalonePage } from '../../templates/pages/StandalonePage.js';
import { pageContent } from '../content/page-tree.js';
import type { CompiledPage } from '../content/types.js';
import type { ApiPage } from './api/pages.js';
import { sidebarListHtml } from './sidebar-markup.js';

export { closedMarkupOf } from './sidebar-markup.js';

const DOCTYPE = '<!DOCTYPE html>';

function renderDocument(site: SiteModel, head: HeadModel, body: ReactElement): string {
  return (
    DOCTYPE +
    renderToString(
      <Document site={site} head={head}>
        <Layout site={site} route={head.route}>
          {body}
        </Layout>
      </Document>,
    )
  );
}

/** The page menu of a page with a Markdown twin: the twin's path, and its address for the links to assistants. */
function pageMenu(head: HeadModel): PageMenuModel | undefined {
  if (head.markdown === undefined) return undefined;
  return { markdown: head.markdown, markdownUrl: new URL(head.markdown, head.canonical).href };
}

/** A page's MDX with the site's components, and the contracts its contract components draw from. */
function content(page: Pick<CompiledPage, 'Content'>, contracts: ContractCatalog): ReactElement {
  return (
    <ContractsProvider value={contracts}>
      <page.Content components={PAGE_TREE_COMPONENTS} />
    </ContractsProvider>
  );
}

export function renderDoc(
  site: SiteModel,
  head: HeadModel,
  page: Pick<CompiledPage, 'Content'>,
  model: Omit<DocPageModel, 'content'>,
  contracts: ContractCatalog,
): string {
  return renderDocument(
    site,
    head,
    <DocPage
      site={site}
      page={{ ...model, content: content(page, contracts) }}
      sidebarHtml={sidebarListHtml(site, model.route)}
      menu={pageMenu(head)}
    />,
  );
}

export function renderStandalone(
  site: SiteModel,
  head: HeadModel,
  page: Pick<CompiledPage, 'Content' | 'route'> & { title: string },
  contracts: ContractCatalog,
): string {
  return renderDocument(
    site,
    head,
    <StandalonePage title={page.title} showTitle={page.route !== '/'}>
      {content(page, contracts)}
    </StandalonePage>,
  );
}

/**
 * A content page that draws on no contract, with what rendering it takes: what either of the
 * build's threads renders (`renderSite`), so the second one needs only the site model besides.
 */
export type TreePage =
  | { kind: 'doc'; head: HeadModel; model: Omit<DocPageModel, 'content'>; tree: string }
  | { kind: 'standalone'; head: HeadModel; title: string; tree: string };

const NO_CONTRACTS: ContractCatalog = new Map();

export function renderTreePage(site: SiteModel, page: TreePage): string {
  const Content = pageContent(page.tree);
  if (page.kind === 'doc') return renderDoc(site, page.head, { Content }, page.model, NO_CONTRACTS);
  return renderStandalone(site, page.head, { Content, route: page.head.route, title: page.title }, NO_CONTRACTS);
}

export function renderApi(site: SiteModel, head: HeadModel, page: ApiPage, links?: ApiLinksModel): string {
  return renderDocument(
    site,
    head,
    page.model.kind === 'changelog' ? (
      <ChangelogPage changelog={page.model} menu={pageMenu(head)} />
    ) : (
      <ApiPageTemplate api={links ? { ...page.model, links } : page.model} menu={pageMenu(head)} />
    ),
  );
}

/**
 * The fragment of a reference page holding one of its lazy sections (`lazy-parts.ts`): the operation
 * or model of that anchor, alone. `back` links to the section on its page.
 */
export function renderApiPart(
  site: SiteModel,
  head: Pick<HeadModel, 'title' | 'canonical' | 'script'>,
  page: ApiPage,
  anchor: string,
  back: { href: string; label: string },
): string {
  if (page.model.kind === 'changelog') throw new Error(`${page.route} has no lazy sections`);
  const op = page.model.sections.flatMap((s) => s.operations).find((o) => o.id === anchor);
  const model = op ? undefined : page.model.models.find((m) => m.anchor === anchor);
  if (!op && !model) throw new Error(`${page.route} has no section #${anchor}`);
  return (
    DOCTYPE +
    renderToString(
      <PartDocument site={site} head={head} back={back} primaryColor={page.model.primaryColor}>
        {op ? <Operation op={op} /> : model ? <ModelSection model={model} /> : null}
      </PartDocument>,
    )
  );
}

/** A page of the blog; a post's page draws its MDX. */
export function renderBlog(
  site: SiteModel,
  head: HeadModel,
  model: BlogPageModel,
  post: { page: Pick<CompiledPage, 'Content'>; contracts: ContractCatalog } | undefined,
): string {
  return renderDocument(
    site,
    head,
    <BlogPage page={model} content={post ? content(post.page, post.contracts) : undefined} menu={pageMenu(head)} />,
  );
}

export function renderNotFound(site: SiteModel, head: HeadModel, docsHref: string | undefined): string {
  return renderDocument(site, head, <NotFoundPage homeHref={site.navbar.homeHref} docsHref={docsHref} />);
}

/** The redirect page of a route an older edition of a reference had: a document of its own, without the site's layout or client. */
export function renderRedirect(site: SiteModel, head: HeadModel, redirect: RedirectModel): string {
  return DOCTYPE + renderToString(<RedirectPage site={site} head={head} redirect={redirect} />);
}
