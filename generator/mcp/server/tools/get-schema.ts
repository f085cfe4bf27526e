import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ApiEntry, VersionEntry } from '../../../render/api/mcp/published.js';
import { ToolError, unknown } from '../tool-error.js';
import { answering, text, type ToolContext } from './context.js';
import { nameInput, serviceInput, versionInput } from './inputs.js';

export function registerGetSchema(server: McpServer, context: ToolContext): void {
  const { site } = context;
  // A version's JSON Schemas made from its contract, once, when it has none published.
  const made = new Map<string, Promise<Map<string, string>>>();
  const generated = (api: ApiEntry, version: VersionEntry): Promise<Map<string, string>> => {
    let found = made.get(version.reference);
    if (!found) {
      found = (async () => {
        const [contracts, { generateEntitySchemas }] = await Promise.all([
          context.contracts(),
          import('../../../types/json-schemas.js'),
        ]);
        const contract = await contracts.get(api, version);
        const folder = version === api.versions[0] ? `${api.id}/` : `${api.id}/${encodeURIComponent(version.version)}/`;
        const files = generateEntitySchemas(contract, new URL(`schemas/${folder}`, site.root).href);
        return new Map(files.map((file) => [file.entity, file.content]));
      })();
      found.catch(() => made.delete(version.reference));
      made.set(version.reference, found);
    }
    return found;
  };

  server.registerTool(
    'get_schema',
    {
      title: 'Read a model',
      description:
        "The JSON Schema (2020-12) of one model (component schema) of an API version, as the build publishes it: `$ref`s to other models are relative file names (`Bucket.json`) whose models get_schema also gives. For older versions, the schema is made from that version's contract the same way.",
      inputSchema: {
        service: serviceInput(site),
        name: nameInput(
          "The model's name, as the reference, search or a `$ref` (`#/components/schemas/Name`, `Name.json`) give it.",
        ),
        version: versionInput,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    answering(async ({ service, name, version }) => {
      const api = site.api(service);
      const entry = site.version(api, version);
      const { models } = await site.reference(entry);
      const wanted = name.replace(/^#\/components\/schemas\//, '').replace(/\.json$/, '');
      const model =
        models.find((m) => m.name === wanted) ?? models.find((m) => m.name.toLowerCase() === wanted.toLowerCase());
      if (!model)
        throw unknown(
          `model of ${api.id} ${entry.version}`,
          name,
          models.map((m) => m.name),
        );
      if (model.schemaFile !== undefined) return text(await site.files.text(model.schemaFile));
      const schema = (await generated(api, entry)).get(model.name);
      if (schema === undefined)
        throw new ToolError(
          `${model.name} is not a component of ${api.id} ${entry.version}'s own file, so it has no JSON Schema of its own; get_operation shows where it is used`,
        );
      return text(schema);
    }),
  );
}
