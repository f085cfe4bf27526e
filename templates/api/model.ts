import type { ReactNode } from 'react';

/**
 * The data an API reference page renders, built on the server from a contract. Descriptions are
 * already sanitized React nodes; everything else is plain data, so the components stay dumb.
 */

/**
 * A schema as a tree. A `$ref` to a named schema is a link to its section; where the schema is used (bodies,
 * parameters, headers) the link's `target` lets the named schema's tree be shown in place, built once per schema.
 */
export type SchemaModel = SchemaLinkModel | SchemaNodeModel;

export interface SchemaLinkModel {
  kind: 'link';
  name: string;
  href: string;
  /** 3.1 lets a `$ref` carry its own description. */
  description: ReactNode;
  /** A reference back to a schema that is being shown around it. */
  cycle: boolean;
  /** `allOf: [$ref]` beside `nullable: true` (OpenAPI 3.0): the named schema, or null. */
  nullable?: boolean;
  /** The named schema's own tree, built on first use and shared by every use (not enumerable: trees may cycle). */
  readonly target?: SchemaNodeModel;
}

export interface SchemaNodeModel {
  kind: 'node';
  /** `string`, `integer<int64>`, `array`, `object`, `string | integer`…; empty when the schema says nothing about it. */
  type: string;
  nullable: boolean;
  title: string | undefined;
  description: ReactNode;
  deprecated: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  /** Human-readable constraints: `minLength: 1`, `≥ 0`, `pattern: ^[a-z]+$`, `format: uuid`… */
  constraints: string[];
  /** Allowed values, each as JSON: the first `MAX_ENUM_VALUES`. */
  enumValues: string[];
  /** Allowed values past those in `enumValues`, not shown. */
  enumMore: number;
  /** JSON of the default, const and example values. */
  defaultValue: string | undefined;
  /** The description already says the default in words ("Defaults to -1."): the reference states it once. */
  defaultStated?: boolean;
  constValue: string | undefined;
  example: string | undefined;
  properties: PropertyModel[];
  /** `additionalProperties` / `patternProperties`, as extra rows. */
  extraProperties: PropertyModel[];
  items: SchemaModel | undefined;
  /** oneOf/anyOf, each variant labelled; allOf only for the parts that could not be merged into `properties`. */
  compositions: CompositionModel[];
  not: SchemaModel | undefined;
  discriminator: DiscriminatorModel | undefined;
  /** Why part of the schema is not shown (too deep, too many properties). */
  truncated: string | undefined;
  /** About how much HTML this node's own facts make (characters, elements), to hold a tree shown in place to a size. */
  weight: { bytes: number; elements: number };
}

export interface PropertyModel {
  name: string;
  required: boolean;
  schema: SchemaModel;
  /** The named schema an `allOf` brought this property from ("from AuditFields"); absent for the object's own. */
  from?: { name: string; href: string };
}

export interface CompositionModel {
  keyword: 'oneOf' | 'anyOf' | 'allOf';
  variants: Array<{ label: string; schema: SchemaModel }>;
}

export interface DiscriminatorModel {
  propertyName: string;
  mapping: Array<{ value: string; name: string; href: string | undefined }>;
}

export interface ParameterModel {
  name: string;
  in: string;
  required: boolean;
  deprecated: boolean;
  description: ReactNode;
  /** Type shown in the table; a link when the parameter's schema is a named one. */
  type: string;
  typeHref: string | undefined;
  defaultValue: string | undefined;
  /** The description already says the default in words: the reference states it once. */
  defaultStated: boolean;
  constraints: string[];
  enumValues: string[];
  enumMore: number;
  example: string | undefined;
  /** The parameter's schema, whose tree is shown under its row when it has properties or variants. */
  schema: SchemaModel | undefined;
}

export interface ExampleModel {
  name: string;
  /** The one label a reader sees: the summary, else the name in words ("First ten"); "Example" for an unnamed one. */
  label: string;
  summary: string;
  /** The value, as pretty JSON (or the text as written for non-JSON media). */
  value: string;
  /** Made from the schema because the contract gives no example; shown labelled as such. */
  generated: boolean;
}

export interface MediaModel {
  mediaType: string;
  /** `text/event-stream` and friends: the response is a stream of events, not one body. */
  stream: boolean;
  schema: SchemaModel | undefined;
  examples: ExampleModel[];
}

export interface HeaderModel {
  name: string;
  required: boolean;
  description: ReactNode;
  schema: SchemaModel | undefined;
}

export interface ResponseModel {
  status: string;
  description: ReactNode;
  headers: HeaderModel[];
  contents: MediaModel[];
  /** Names of the response's links (`links`), with the operation they lead to. */
  links: Array<{ name: string; target: string; href: string | undefined }>;
}

export interface CodeSampleModel {
  /** The tab's key, shared by the samples of one language across operations and pages (`python`). */
  key: string;
  label: string;
  language: string;
  code: string;
  /** The code coloured for the light and dark themes; plain when undefined. */
  highlighted: HighlightedCode | undefined;
}

/**
 * A sample's lines as tokens; a token without colours is in the block's own, a `tone` is a class
 * standing for a pair of the themes' colours, else the light and dark colours are given.
 */
export interface HighlightedCode {
  /** The block's colours, when not the usual ones of the docs' themes (which the stylesheet gives). */
  colors: { fg: string; fgDark: string; bg: string; bgDark: string } | undefined;
  lines: Array<Array<{ text: string; tone?: string; color?: string; dark?: string }>>;
}

export interface SecurityRequirementModel {
  /**
   * Schemes that must all be satisfied; an empty list means the call also works anonymously. `title`
   * is the scheme's name in words (as the overview heads it), set once the document's schemes are known.
   */
  schemes: Array<{ name: string; scopes: string[]; title?: string }>;
}

export interface OperationModel {
  /** The anchor: the operationId when there is one. */
  id: string;
  kind: 'operation' | 'webhook' | 'callback';
  method: string;
  /** The path (or webhook name, or callback expression) split so parameters can be highlighted. */
  path: Array<{ text: string; param: boolean }>;
  /** The summary as plain text, for labels and link titles. */
  summary: string;
  /** The summary as inline Markdown without links, for the operation's heading. */
  heading: ReactNode;
  description: ReactNode;
  deprecated: boolean;
  /** The operation to use instead, when the contract names one (`x-deprecated-by` and kin); href undefined when it is not rendered. */
  replacedBy?: { id: string; href: string | undefined };
  /** Roles (OAuth scopes, OpenID Connect roles, `x-roles`) any of which the call needs. */
  roles: string[];
  security: SecurityRequirementModel[];
  parameters: ParameterModel[];
  requestBody: { required: boolean; description: ReactNode; contents: MediaModel[] } | undefined;
  responses: ResponseModel[];
  callbacks: Array<{ name: string; operations: OperationModel[] }>;
  samples: CodeSampleModel[];
  /** Where the operation stands in the API's versions; absent when the API has one version (and on webhooks and callbacks). */
  history?: HistoryMarkModel[];
}

/** One fact of an operation's or model's history ("since 2.0.0", "removed in 3.0.0"), linked to that version's changelog entry. */
export interface HistoryMarkModel {
  kind: 'since' | 'deprecated' | 'removed';
  version: string;
  href: string;
}

export interface TagSectionModel {
  name: string;
  anchor: string;
  description: ReactNode;
  operations: OperationModel[];
}

export interface SchemaSectionModel {
  name: string;
  anchor: string;
  schema: SchemaNodeModel;
  /** The first sentence of its description, shown with its name in the models index. */
  summary?: string;
  /** Where a component schema stands in the API's versions; absent when the API has one version. */
  history?: HistoryMarkModel[];
}

export interface SecuritySchemeModel {
  /** Its key in the contract, which operations name it by. */
  name: string;
  /** The heading: its type in words, with the key only to tell two schemes of one type apart. */
  title: string;
  /** `HTTP bearer token`, `API key`, `OAuth 2.0`, `OpenID Connect`, `Mutual TLS`… */
  label: string;
  description: ReactNode;
  /** What to send with each call, in words; the parts a reader copies are code. Empty when the type is unknown. */
  send: Array<{ text: string } | { code: string }>;
  /** Facts from the contract (a discovery URL, a token format), shown as text: they are often placeholders. */
  details: Array<{ label: string; value: string }>;
  flows: Array<{
    flow: string;
    urls: Array<{ label: string; value: string }>;
    scopes: Array<{ name: string; description: string }>;
  }>;
}

export interface ServerModel {
  url: string;
  /** No scheme and host (`/`, `/api/x`): the API is on the host that serves the platform, at that path. */
  relative: boolean;
  description: ReactNode;
  variables: Array<{ name: string; defaultValue: string; enumValues: string[]; enumMore: number; description: string }>;
}

/** One role of the overview: the operations it grants, tag by tag. */
export interface RoleModel {
  role: string;
  /** How many operations in all. */
  count: number;
  tags: Array<{
    name: string;
    href: string;
    operations: Array<{ id: string; method: string; label: string; href: string }>;
  }>;
}

/** The reference's navigation: every tag and operation, wherever it is rendered. */
export interface ApiNavModel {
  overviewHref: string;
  groups: Array<{
    name: string;
    href: string;
    operations: Array<{ id: string; href: string; method: string; label: string; deprecated: boolean }>;
    /** Its operations are listed open (the page's own tag, or every tag of a short list); the client opens the one being read. */
    open: boolean;
  }>;
  modelsHref: string | undefined;
  /** The models index is the page being read (a split API's `schemas/`). */
  modelsCurrent: boolean;
}

/** Links out of one reference, filled in when the site is rendered (it alone knows every API and docs page). */
export interface ApiLinksModel {
  /** Every API reference of the site, in the config's order, this one marked current. */
  services: Array<{ id: string; title: string; href: string; current: boolean }>;
  /** The API's guide under the docs, when it has one. */
  guideHref: string | undefined;
}

export interface ApiReferenceModel {
  /** `full` holds everything; a very large API is split into an overview, one page per tag and a models page. */
  kind: 'full' | 'overview' | 'tag' | 'models';
  title: string;
  /** The h1 of this page (the API's title, or "<tag> · <API>" on a tag page). */
  heading: string;
  version: string;
  description: ReactNode;
  versions: Array<{ version: string; href: string; current: boolean }>;
  /** The API's changelog page (what changed in each version). */
  changelogHref: string;
  /** The service id, for the client's preferred-version memory. */
  apiId: string;
  /** Accent of the reference pages (method badges, links in schema trees). */
  primaryColor: string;
  downloads: Array<{ label: string; href: string }>;
  servers: ServerModel[];
  securitySchemes: SecuritySchemeModel[];
  roles: RoleModel[];
  nav: ApiNavModel;
  sections: TagSectionModel[];
  models: SchemaSectionModel[];
  /** On a split API's overview, the anchors of operations now on tag pages; on the first page of a divided tag, those of its sub-resources' pages. */
  moved: Array<{ id: string; href: string; label: string }>;
  links?: ApiLinksModel;
  /** Sections sent as stubs, their bodies fetched as the reader nears them: anchor → the fragment's address. */
  lazy?: ReadonlyMap<string, string>;
}
