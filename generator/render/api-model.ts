import type { LoadedApi } from '../contracts/index.js';
import { collectOperations } from '../contracts/walk.js';
import { slugify } from '../config/resolve.js';
import { isRecord } from '../sources/pointer.js';
import { withBase } from '../content/plugins/urls.js';
import type { ApiOperationModel, ApiPageModel } from '../../templates/model.js';
import { markdownToReact } from './markdown.js';

export interface ApiPage {
  apiId: string;
  route: string;
  /** Title for `<title>` and the page's h1. */
  title: string;
  description: string;
  model: ApiPageModel;
  anchors: Set<string>;
}

const UNTAGGED = 'Operations';

/** One page per version of each API: the newest at the API's route, the others below it. */
export function buildApiPages(apis: readonly LoadedApi[], baseUrl: string): ApiPage[] {
  const pages: ApiPage[] = [];
  for (const loaded of apis) {
    const routeOf = (index: number): string => (index === 0 ? loaded.api.route : `${loaded.api.route}${loaded.versions[index]?.version}/`);
    for (const [index, { version, contract }] of loaded.versions.entries()) {
      const document = contract.document;
      const info = isRecord(document.info) ? document.info : {};
      const title = loaded.api.title ?? (typeof info.title === 'string' ? info.title : loaded.api.id);
      const description = typeof info.description === 'string' ? info.description : '';
      const groups = groupOperations(contract.sources, document);
      const schemas = Object.keys(isRecord(document.components) && isRecord(document.components.schemas) ? document.components.schemas : isRecord(document.definitions) ? document.definitions : {}).sort();
      const anchors = new Set<string>(['models', ...groups.flatMap((g) => [`tag-${slugify(g.tag)}`, ...g.operations.map((o) => o.id)]), ...schemas.map((s) => `schema-${s}`)]);
      pages.push({
        apiId: loaded.api.id,
        route: routeOf(index),
        title,
        description: firstSentence(description) || `Reference of the ${title}.`,
        anchors,
        model: {
          title,
          version,
          description: markdownToReact(description),
          groups: groups.map((g) => ({ tag: g.tag, anchor: `tag-${slugify(g.tag)}`, description: markdownToReact(g.description), operations: g.operations })),
          schemas,
          versions: loaded.versions.map((v, i) => ({ version: v.version, href: withBase(baseUrl, routeOf(i)), current: i === index })),
        },
      });
    }
  }
  return pages;
}

function groupOperations(sources: Parameters<typeof collectOperations>[0], document: Record<string, unknown>): Array<{ tag: string; description: string; operations: ApiOperationModel[] }> {
  const declared = Array.isArray(document.tags) ? document.tags.filter(isRecord) : [];
  const groups = new Map<string, { tag: string; description: string; operations: ApiOperationModel[] }>();
  for (const tag of declared) if (typeof tag.name === 'string') groups.set(tag.name, { tag: tag.name, description: typeof tag.description === 'string' ? tag.description : '', operations: [] });
  for (const site of collectOperations(sources)) {
    if (site.pathItem.kind !== 'path') continue;
    const op = site.operation.value;
    const tags = Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [];
    const tag = tags[0] ?? UNTAGGED;
    if (!groups.has(tag)) groups.set(tag, { tag, description: '', operations: [] });
    groups.get(tag)?.operations.push({
      id: typeof op.operationId === 'string' ? op.operationId : slugify(`${site.method} ${site.pathItem.key}`),
      method: site.method,
      path: site.pathItem.key,
      summary: typeof op.summary === 'string' ? op.summary : '',
      deprecated: op.deprecated === true,
    });
  }
  return [...groups.values()].filter((g) => g.operations.length > 0);
}

function firstSentence(text: string): string {
  const plain = text.replace(/[`*_[\]]/g, '').replace(/\s+/g, ' ').trim();
  const end = plain.search(/[.!?](\s|$)/);
  return (end === -1 ? plain : plain.slice(0, end + 1)).slice(0, 200);
}
