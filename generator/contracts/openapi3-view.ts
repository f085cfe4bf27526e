import type SwaggerParser from '@apidevtools/swagger-parser';
import { refParserResolve } from './project-refs.js';
import { normalizeDiscriminatorMappings, swagger2To3 } from './swagger2-to-3.js';
import type { Contract } from './validate.js';

type Document = Record<string, unknown>;

/**
 * A contract in one piece and in one dialect, for the stages that read a document rather than
 * located sources: the reference and the type generator. Each part is worked out the first time it
 * is asked for and then shared (a multi-file Swagger 2.0 contract is bundled and converted once for
 * both); the memo is per thread, as a contract sent to the second thread is a new object there.
 * Callers read the documents and never change them.
 */
export interface OpenApi3View {
  /** The root as its owner wrote it; a multi-file contract bundled into one document (external `$ref`s made internal). */
  written(): Promise<Document>;
  /** What the reference renders from: a 3.x contract as written, a 2.0 one converted to 3.0. */
  reference(): Promise<Document>;
  /**
   * What the type generator reads: a 3.x root as parsed (Redocly's bundler, which names the types,
   * brings in its other files) with its discriminator mappings made `$ref`s; a 2.0 one converted.
   */
  types(): Promise<Document>;
}

const views = new WeakMap<Contract, OpenApi3View>();

export function openApi3View(contract: Contract): OpenApi3View {
  let view = views.get(contract);
  if (!view) {
    view = makeView(contract);
    views.set(contract, view);
  }
  return view;
}

function makeView(contract: Contract): OpenApi3View {
  const written = once(() => (namesAnyFile(contract) ? bundleContract(contract) : Promise.resolve(contract.document)));
  // The converter writes into what it is given: the written document stays as it is, for download.
  const converted = once(async () => swagger2To3(structuredClone(await written())));
  const swagger2 = contract.specVersion === '2.0';
  return {
    written,
    reference: swagger2 ? converted : written,
    types: swagger2 ? converted : once(async () => normalizeDiscriminatorMappings(contract.document)),
  };
}

/**
 * Whether a `$ref` of the contract names a file, its own included (`openapi.yaml#/components/…`
 * written inside openapi.yaml): the bundler makes each such ref internal, resolved from the file
 * that holds it, which the reference's resolver (internal pointers only) needs.
 */
function namesAnyFile(contract: Contract): boolean {
  return contract.sources.files.size > 1 || contract.sources.refs.some((site) => !site.ref.startsWith('#'));
}

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/**
 * A multi-file contract as one document (swagger-parser's bundle: external refs become internal,
 * cycles included, each file's content written once), read through the project's reader: nothing
 * outside the project, nothing remote. swagger-parser is loaded only when a contract needs it.
 */
async function bundleContract(contract: Contract): Promise<Document> {
  const { default: Parser } = await import('@apidevtools/swagger-parser');
  const parser: SwaggerParser = new Parser();
  return (await parser.bundle(
    contract.path,
    structuredClone(contract.document) as never,
    { resolve: refParserResolve(contract.sources.project) } as never,
  )) as unknown as Document;
}
