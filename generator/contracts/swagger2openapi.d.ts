declare module 'swagger2openapi' {
  interface ConvertOptions {
    patch?: boolean;
    warnOnly?: boolean;
    direct?: boolean;
    resolve?: boolean;
    source?: string;
    /** What its resolver fetches URLs with. */
    fetch?: (url: unknown) => Promise<unknown>;
  }
  const swagger2openapi: { convertObj(document: object, options: ConvertOptions): Promise<unknown> };
  export default swagger2openapi;
}
