import type SwaggerParser from '@apidevtools/swagger-parser';

/** swagger-parser, loaded the first time a multi-file or Swagger 2.0 contract needs bundling: most builds never do. */
export async function swaggerParser(): Promise<SwaggerParser> {
  const { default: Parser } = await import('@apidevtools/swagger-parser');
  return new Parser();
}
