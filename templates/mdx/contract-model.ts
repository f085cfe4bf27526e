import type { OperationModel, SchemaNodeModel } from '../api/model.js';

/**
 * What the contract components of MDX pages render: the newest version of each API, taken from the
 * same data model as its reference page, with every href final.
 */
export type ContractCatalog = ReadonlyMap<string, ServiceCatalog>;

export interface ServiceCatalog {
  title: string;
  /** The reference page of the newest version. */
  href: string;
  /** Component schemas by name. */
  schemas: ReadonlyMap<string, { href: string; schema: SchemaNodeModel }>;
  /** Operations by operationId. */
  operations: ReadonlyMap<string, OperationCardModel>;
}

export interface OperationCardModel {
  href: string;
  method: string;
  path: OperationModel['path'];
  summary: string;
  heading: OperationModel['heading'];
  deprecated: boolean;
  roles: string[];
}
