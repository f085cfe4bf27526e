import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { build, type BuildResult } from '../generator/commands/build.js';
import { loadConfig } from '../generator/config/load.js';
import { Page } from './html.js';
import { tempDir } from './helpers.js';

// Shared by the real site's tests: the routes it must have, one build of the real site per test file, its pages.

/** Every route the real site must have; `{product}` is the configured brand slug. */
export function specRoutes(product: string): {
  standalone: string[];
  api: string[];
  docs: Array<{ route: string; category?: string }>;
} {
  const top = [
    'architecture',
    'datasource',
    'entity-manager',
    'file-manager',
    'ingestion',
    'rag-module',
    'rembedding-module',
    'searcher',
    'tenant-manager',
    'tika',
    'first-configuration',
    'using-docker',
    'using-kubernetes-openshift',
    'standalone-apps',
    'embeddable-app',
    'headless-api',
    'mdx',
    `${product}-packages`,
    `${product}-requirements`,
    `${product}-ui-library`,
    `${product}-ui-faqs`,
    `${product}-ui-example-project`,
  ];
  const groups: Record<string, { label: string; pages: string[] }> = {
    ai: {
      label: 'AI',
      pages: [
        'ai-overview',
        'data-enrichment',
        'gen-ai-features',
        'gen-ai-search',
        'semantic-search',
        'create-async--ml-service',
        'hugging-face-integration',
      ],
    },
    api: {
      label: 'API guides',
      pages: ['api-datasource', 'api-file-manager', 'api-ingestion', 'api-rag', 'api-searcher', 'api-tenant-manager'],
    },
    configuration: {
      label: 'Configuration',
      pages: [
        'overview',
        'add-data-source',
        'configure-enrich-pipeline',
        'create-custom-connector',
        'create-data-index',
        'create-filters',
        'create-tabs',
        'handle-document-types-mappings',
        'manage-bucket',
        'tune-search-config',
      ],
    },
    monitoring: { label: 'Monitoring', pages: ['', 'alerting', 'logging', 'metrics', 'troubleshooting'] },
    plugins: {
      label: 'Connectors',
      pages: [
        'archetype-project',
        'connector-requirements',
        'database-plugin',
        'gitlab-plugin',
        'imap-plugin',
        'liferay-plugin',
        'sitemap-plugin',
        'web-crawler',
      ],
    },
  };
  return {
    standalone: ['/', '/roadmap/', '/plugins/', '/comingsoon/', '/privacy/'],
    // Each reference and its changelog (issue 8: what changed in each version).
    api: ['searcher', 'rag', 'datasource', 'tenant-manager', 'file-manager', 'ingestion'].flatMap((s) => [
      `/api/${s}/`,
      `/api/${s}/changelog/`,
    ]),
    docs: [
      { route: '/docs/' },
      ...top.map((p) => ({ route: `/docs/${p}/` })),
      ...Object.entries(groups).flatMap(([group, { label, pages }]) =>
        pages.map((p) => ({ route: `/docs/${group}/${p ? `${p}/` : ''}`, category: label })),
      ),
    ],
  };
}

export const SITE_TITLE = 'OpenK9';

export async function contentFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && /\.mdx?$/.test(e.name)).map((e) => join(e.parentPath ?? e.path, e.name));
}
export const SERVICES = ['searcher', 'rag', 'datasource', 'tenant-manager', 'file-manager', 'ingestion'];

export type SpecRoutes = ReturnType<typeof specRoutes>;

/** The real site built from site-config.yaml into a temp folder, and the routes it must have. */
export async function buildRealSite(): Promise<{ out: string; result: BuildResult; routes: SpecRoutes }> {
  const out = await tempDir('real-site');
  const result = await build({ config: 'site-config.yaml', out, strict: true });
  const loaded = await loadConfig('site-config.yaml');
  assert.ok(loaded.ok);
  return { out, result, routes: specRoutes(loaded.config.brand.slug) };
}

/** Reads the built page of a route once, from the folder `out()` names when it is first asked for. */
export function pageReader(out: () => string): (route: string) => Promise<Page> {
  const pages = new Map<string, Page>();
  return async (route) => {
    let found = pages.get(route);
    if (!found) {
      found = await Page.read(join(out(), 'site', route.slice(1), 'index.html'));
      pages.set(route, found);
    }
    return found;
  };
}
