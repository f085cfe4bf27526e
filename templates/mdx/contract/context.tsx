import { createContext, useContext } from 'react';
import type { ContractCatalog, ServiceCatalog } from '../contract-model.js';
import { UnknownServiceError } from './unknown-service.js';

const ContractsContext = createContext<ContractCatalog | undefined>(undefined);

export const ContractsProvider = ContractsContext.Provider;

/**
 * The service a contract component names. The content stage has already checked every name against
 * the contracts, so a miss here is either an API whose contract failed its checks (left out of the
 * build's catalog: the build names that once per page) or a bug in specsite, reported as a failed
 * render of the page.
 */
export function useService(component: string, service: string): ServiceCatalog {
  const catalog = useContext(ContractsContext);
  const found = catalog?.get(service);
  if (!found) throw new UnknownServiceError(component, service);
  return found;
}
