import { createRequire } from 'node:module';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { sha256 } from '../cache/store.js';
import type { LoadedApi } from '../contracts/index.js';
import { EXAMPLE_VALIDATION } from '../contracts/ajv-options.js';
import { collectOperations } from '../contracts/walk.js';
import type { ContractLookup, ExampleProblem } from './types.js';
import { isRecord } from '../sources/pointer.js';
import { generateEntitySchemas } from '../types/json-schemas.js';

/**
 * Ajv with its formats, loaded when the first tagged example is checked: a build whose pages all come
 * from the cache checks none. Both are CommonJS, so they load synchronously, where they are needed.
 */
function newAjv(): Ajv2020 {
  const require = createRequire(import.meta.url);
  const { Ajv2020: Ajv } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const formats = require('ajv-formats') as { default: (ajv: Ajv2020) => void };
  const ajv = new Ajv(EXAMPLE_VALIDATION);
  formats.default(ajv);
  return ajv;
}

const ID_BASE = 'https://specsite.invalid/content-examples/';

type Names = { schemas: Map<string, { enum: boolean }>; operations: Set<string> };

/** Where a service's names and example schemas come from: its loaded contract, or what another thread was handed. */
interface ServiceSource {
  names(): Names;
  /** The JSON Schemas the build publishes for it, each entity's as text. */
  documents(): EntityDocument[];
}

type EntityDocument = { entity: string; content: string };

interface ServiceEntry {
  source: ServiceSource;
  names: Names | undefined;
  validators: { ajv: Ajv2020; ids: Map<string, string>; compiled: Map<string, ValidateFunction> } | undefined;
}

/**
 * What content may ask of the contracts, as plain data for a second thread (`ContractIndex.portable`):
 * it answers the same from it, and checks examples against the same schemas with the same Ajv.
 */
export interface PortableContracts {
  identity: string;
  services: Array<{ id: string; schemas: Array<[string, boolean]>; operations: string[]; documents: EntityDocument[] }>;
  failed: Array<[string, string]>;
}

/**
 * What content may refer to in the contracts: the newest version of each API, the version its
 * reference page and types describe. Names are read on first use and examples are checked against
 * the same JSON Schemas the build publishes, so a page is held to what integrators receive.
 */
export class ContractIndex implements ContractLookup {
  private readonly services = new Map<string, ServiceEntry>();
  /** The contracts behind it, by id (none in another thread's index, whose identity is handed over). */
  private readonly loaded = new Map<string, LoadedApi>();
  private hash: string | undefined;

  /** `unavailable`: each configured API that failed to load, with where its first error is. */
  constructor(
    apis: readonly LoadedApi[],
    private readonly failed: ReadonlyMap<string, string> = new Map(),
  ) {
    for (const loaded of apis)
      if (loaded.versions[0]) {
        this.loaded.set(loaded.api.id, loaded);
        this.services.set(loaded.api.id, { source: loadedSource(loaded), names: undefined, validators: undefined });
      }
  }

  /** The index another thread answers from, as this one would (`portable`). */
  static fromPortable(data: PortableContracts): ContractIndex {
    const index = new ContractIndex([], new Map(data.failed));
    index.hash = data.identity;
    for (const service of data.services) {
      const source: ServiceSource = {
        names: () => ({
          schemas: new Map(service.schemas.map(([name, isEnum]) => [name, { enum: isEnum }])),
          operations: new Set(service.operations),
        }),
        documents: () => service.documents,
      };
      index.services.set(service.id, { source, names: undefined, validators: undefined });
    }
    return index;
  }

  /** Every service's names and example schemas, for a thread that compiles pages without the contracts loaded. */
  portable(): PortableContracts {
    return {
      identity: this.identity(),
      services: [...this.services].map(([id, entry]) => {
        const names = this.names(id) as Names;
        return {
          id,
          schemas: [...names.schemas].map(([name, { enum: isEnum }]): [string, boolean] => [name, isEnum]),
          operations: [...names.operations],
          documents: entry.source.documents(),
        };
      }),
      failed: [...this.failed],
    };
  }

  identity(): string {
    this.hash ??= sha256(
      ...[...this.loaded].flatMap(([id, loaded]) => [
        id,
        loaded.versions[0]?.version ?? '',
        ...(loaded.versions[0]?.contract.sources.identity() ?? []),
      ]),
      ...[...this.failed].flat(),
    );
    return this.hash;
  }

  serviceIds(): string[] {
    return [...this.services.keys()].sort();
  }

  unavailable(service: string): string | undefined {
    return this.services.has(service) ? undefined : this.failed.get(service);
  }

  unavailableIds(): string[] {
    return [...this.failed.keys()].filter((id) => !this.services.has(id)).sort();
  }

  schemaNames(service: string): string[] | undefined {
    const names = this.names(service);
    return names && [...names.schemas.keys()];
  }

  isEnum(service: string, name: string): boolean {
    return this.names(service)?.schemas.get(name)?.enum ?? false;
  }

  operationIds(service: string): string[] | undefined {
    const names = this.names(service);
    return names && [...names.operations].sort();
  }

  validateExample(service: string, schema: string, value: unknown): ExampleProblem[] {
    const validate = this.validator(service, schema);
    if (!validate) return [{ path: [], message: `the ${service} contract has no schema "${schema}"` }];
    if (validate(value)) return [];
    return toProblems(validate.errors ?? []);
  }

  private names(service: string): ServiceEntry['names'] {
    const entry = this.services.get(service);
    if (!entry) return undefined;
    entry.names ??= entry.source.names();
    return entry.names;
  }

  private validator(service: string, schema: string): ValidateFunction | undefined {
    const entry = this.services.get(service);
    if (!entry || !this.names(service)?.schemas.has(schema)) return undefined;
    if (!entry.validators) {
      const ajv = newAjv();
      const ids = new Map<string, string>();
      for (const file of entry.source.documents()) {
        const document = JSON.parse(file.content) as { $id: string };
        ajv.addSchema(document);
        ids.set(file.entity, document.$id);
      }
      entry.validators = { ajv, ids, compiled: new Map() };
    }
    const { ajv, ids, compiled } = entry.validators;
    let validate = compiled.get(schema);
    if (!validate) {
      const id = ids.get(schema);
      if (id === undefined) return undefined;
      validate = ajv.getSchema(id);
      if (!validate) return undefined;
      compiled.set(schema, validate);
    }
    return validate;
  }
}

/** One problem per error, except that the missing required fields of one object make a single problem. */
function toProblems(errors: readonly ErrorObject[]): ExampleProblem[] {
  const missing = new Map<string, string[]>();
  for (const error of errors) {
    if (error.keyword !== 'required') continue;
    const list = missing.get(error.instancePath) ?? [];
    list.push(String((error.params as { missingProperty?: unknown }).missingProperty));
    missing.set(error.instancePath, list);
  }
  const out: ExampleProblem[] = [];
  for (const error of errors) {
    if (error.keyword !== 'required') out.push(toProblem(error));
    else {
      const fields = missing.get(error.instancePath);
      if (!fields) continue;
      missing.delete(error.instancePath);
      const where = error.instancePath || '/';
      out.push({
        path: pathOf(error),
        message: `${where} is missing the required field${fields.length > 1 ? 's' : ''} ${fields.map((f) => `"${f}"`).join(', ')}`,
      });
    }
  }
  return out;
}

function pathOf(error: ErrorObject): Array<string | number> {
  return error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function toProblem(error: ErrorObject): ExampleProblem {
  const path = pathOf(error);
  const params = error.params as Record<string, unknown>;
  const where = error.instancePath || '/';
  switch (error.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const field = String(params.additionalProperty ?? params.unevaluatedProperty);
      return { path: [...path, field], message: `${where} has the field "${field}", which the schema does not define` };
    }
    case 'enum':
      return {
        path,
        message: `${where} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    default:
      return { path, message: `${where} ${error.message ?? 'is invalid'}` };
  }
}

/** A service's names and example schemas, read from its newest version when first asked. */
function loadedSource(loaded: LoadedApi): ServiceSource {
  const { contract } = loaded.versions[0] as LoadedApi['versions'][number];
  return {
    names: () => {
      const { sources } = contract;
      const schemas = new Map<string, { enum: boolean }>();
      const root = { file: sources.root, segments: [], value: sources.root.data };
      const container =
        contract.specVersion === '2.0'
          ? sources.child(root, 'definitions')
          : sources.child(sources.child(root, 'components') ?? root, 'schemas');
      if (container && isRecord(container.value)) {
        for (const name of Object.keys(container.value)) {
          const target = sources.follow(
            sources.child(container, name) as NonNullable<ReturnType<typeof sources.child>>,
          );
          schemas.set(name, { enum: isRecord(target.value) && Array.isArray(target.value.enum) });
        }
      }
      const operations = new Set<string>();
      for (const site of collectOperations(sources)) {
        const id = site.operation.value.operationId;
        if (typeof id === 'string') operations.add(id);
      }
      return { schemas, operations };
    },
    documents: () =>
      generateEntitySchemas(contract, `${ID_BASE}${encodeURIComponent(loaded.api.id)}/`).map((file) => ({
        entity: file.entity,
        content: file.content,
      })),
  };
}
