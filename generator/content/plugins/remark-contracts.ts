import type { Code, Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { didYouMean } from '../../diagnostics/did-you-mean.js';
import { walk } from './walk.js';
import { parseSourceText } from '../../sources/source-file.js';
import { API_UNAVAILABLE, type ContractLookup } from '../types.js';
import { pageState } from './page-state.js';
import type { PageReport } from './report.js';
import type { VFile } from 'vfile';

/** The contract components, the attribute naming their target, and what that target must be. */
const COMPONENTS = {
  Schema: { target: 'name', kind: 'schema' },
  EnumValues: { target: 'name', kind: 'enum' },
  Operation: { target: 'id', kind: 'operation' },
} as const;
type ComponentName = keyof typeof COMPONENTS;

/** Own names only: `<constructor>` is an element like any other, not a contract component. */
function isContractComponent(name: string | null): name is ComponentName {
  return name !== null && Object.hasOwn(COMPONENTS, name);
}

const TAG = /(?:^|\s)schema=(\S*)/;
const MAX_PROBLEMS_PER_EXAMPLE = 5;

/**
 * Holds content to the contracts: a `<Schema>`, `<Operation>` or `<EnumValues>` must name something
 * the newest contract of its service has, and a JSON code block tagged `schema=service#Name` must
 * validate against that schema. Each problem is located where the author has to fix it.
 */
export function remarkContracts() {
  return (tree: Root, file: VFile): void => {
    const { report, contracts } = pageState(file);
    walk(tree, (node) => {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && isContractComponent(node.name)) {
        checkComponent(node, node.name, report, contracts);
      } else if (node.type === 'code' && node.meta && TAG.test(node.meta)) {
        checkExample(node, report, contracts);
      }
    });
  };
}

function checkComponent(
  node: MdxJsxFlowElement | MdxJsxTextElement,
  name: ComponentName,
  report: PageReport,
  contracts: ContractLookup,
): void {
  const { target, kind } = COMPONENTS[name];
  const service = stringAttribute(node, 'service');
  const wanted = stringAttribute(node, target);
  if (service === undefined || wanted === undefined) {
    report.add(
      node,
      'error',
      'contract-ref',
      `<${name}> needs service="…" and ${target}="…" as plain strings, for example <${name} service="${contracts.serviceIds()[0] ?? 'datasource'}" ${target}="…" />`,
    );
    return;
  }
  if (!checkService(node, service, report, contracts)) return;
  const known = kind === 'operation' ? (contracts.operationIds(service) ?? []) : (contracts.schemaNames(service) ?? []);
  const enums = kind === 'enum' ? known.filter((n) => contracts.isEnum(service, n)) : [];
  if (!known.includes(wanted)) {
    const what = kind === 'operation' ? 'operation with operationId' : kind === 'enum' ? 'enumeration' : 'schema';
    report.add(
      node,
      'error',
      'contract-ref',
      `the ${service} contract has no ${what} "${wanted}"${didYouMean(wanted, kind === 'enum' ? enums : known, 'the names are')}`,
    );
    return;
  }
  if (node.type === 'mdxJsxTextElement') {
    // Inside a sentence a card or a table would be a block in a paragraph, which HTML does not allow.
    if (kind === 'schema') {
      report.add(
        node,
        'error',
        'contract-ref',
        '<Schema> is a table: put it on a line of its own, with a blank line before and after',
      );
      return;
    }
    node.attributes.push({ type: 'mdxJsxAttribute', name: 'inline', value: null });
  }
  if (kind === 'enum' && !contracts.isEnum(service, wanted)) {
    const others =
      enums.length === 0
        ? `; the ${service} contract has no enumerations`
        : didYouMean(wanted, enums, 'its enumerations are');
    report.add(
      node,
      'error',
      'contract-ref',
      `schema "${wanted}" of ${service} is not an enumeration (use <Schema> to show its fields)${others}`,
    );
  }
}

function checkExample(node: Code, report: PageReport, contracts: ContractLookup): void {
  const tag = TAG.exec(node.meta ?? '')?.[1] ?? '';
  const [service = '', schema = '', ...rest] = tag.split('#');
  if (!service || !schema || rest.length > 0) {
    const example = contracts.serviceIds().includes(service) ? service : (contracts.serviceIds()[0] ?? 'service');
    report.add(
      node,
      'error',
      'example-schema',
      `"schema=${tag}" must name a service and a schema, as in schema=${example}#${contracts.schemaNames(example)?.[0] ?? 'Schema'}`,
    );
    return;
  }
  if (node.lang !== 'json') {
    report.add(
      node,
      'error',
      'example-schema',
      `only JSON code blocks can be checked against a schema (this one is ${node.lang ? `"${node.lang}"` : 'untagged'}); write \`\`\`json schema=${tag}`,
    );
    return;
  }
  if (!checkService(node, service, report, contracts, 'example-schema')) return;
  const names = contracts.schemaNames(service) ?? [];
  if (!names.includes(schema)) {
    report.add(
      node,
      'error',
      'example-schema',
      `the ${service} contract has no schema "${schema}"${didYouMean(schema, names, 'the names are')}`,
    );
    return;
  }
  // The fence is on the block's first line; its text starts on the next, at the fence's indentation.
  const start = node.position?.start ?? { line: 1, column: 1 };
  const at = (position: {
    line: number;
    column: number;
  }): { position: { start: { line: number; column: number } } } => ({
    position: { start: { line: start.line + position.line, column: start.column + position.column - 1 } },
  });
  const parsed = parseSourceText('example.json', node.value, 'example-schema');
  if (!parsed.ok) {
    for (const d of parsed.diagnostics)
      report.add(
        at(d),
        'error',
        'example-schema',
        `the example is not valid JSON: ${d.message.replace(/^invalid JSON: /, '')}`,
      );
    return;
  }
  const problems = contracts.validateExample(service, schema, parsed.file.data);
  for (const problem of problems.slice(0, MAX_PROBLEMS_PER_EXAMPLE)) {
    report.add(
      at(parsed.file.locate(problem.path, typeof problem.path.at(-1) === 'string' ? 'key' : 'value')),
      'error',
      'example-schema',
      `the example does not match ${service}#${schema}: ${problem.message}`,
    );
  }
  if (problems.length > MAX_PROBLEMS_PER_EXAMPLE)
    report.add(
      node,
      'error',
      'example-schema',
      `the example has ${problems.length - MAX_PROBLEMS_PER_EXAMPLE} more problems against ${service}#${schema}`,
    );
}

function checkService(
  node: Parameters<PageReport['add']>[0],
  service: string,
  report: PageReport,
  contracts: ContractLookup,
  rule = 'contract-ref',
): boolean {
  if (contracts.schemaNames(service) !== undefined) return true;
  const root = contracts.unavailable(service);
  if (root !== undefined) {
    // The contract's own error says what is wrong; the page says once that it depends on it.
    const message = `uses the ${service} API, which is unavailable: see ${root}`;
    if (!report.diagnostics.some((d) => d.rule === API_UNAVAILABLE && d.message === message))
      report.add(node, 'error', API_UNAVAILABLE, message, root);
    return false;
  }
  const ids = contracts.serviceIds();
  const known = [...ids, ...contracts.unavailableIds()];
  report.add(
    node,
    'error',
    rule,
    `no API has the id "${service}"${known.length > 0 ? didYouMean(service, known, 'the APIs are') : '; the config names no API'}`,
  );
  return false;
}

function stringAttribute(node: MdxJsxFlowElement | MdxJsxTextElement, name: string): string | undefined {
  for (const attribute of node.attributes) {
    if (attribute.type === 'mdxJsxAttribute' && attribute.name === name && typeof attribute.value === 'string')
      return attribute.value;
  }
  return undefined;
}
