/**
 * A contract component names a service the catalog has not: the page fails to render with it, and
 * the build reads the service from it (without loading React, which the catalog's module does).
 */
export class UnknownServiceError extends Error {
  constructor(
    readonly component: string,
    readonly service: string,
  ) {
    super(`<${component} service="${service}">: no such API in this build`);
  }
}
