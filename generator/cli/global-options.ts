import { InvalidArgumentError, Option, type Command } from 'commander';
import { GLOBAL_OPTIONS, type GlobalOption } from '../commands/global-options.js';
import { DEFAULT_OPTIONS, type GlobalOptions } from '../pipeline/options.js';

type Key = keyof GlobalOptions;

function declared(): [Key, GlobalOption<Key>, Option][] {
  return (Object.entries(GLOBAL_OPTIONS) as [Key, GlobalOption<Key>][]).map(([key, option]) => [
    key,
    option,
    new Option(option.flags, option.help),
  ]);
}

/** Commander's options for `GLOBAL_OPTIONS`, in their order. */
export function addGlobalOptions(program: Command): Command {
  for (const [key, declaration, option] of declared()) {
    if (declaration.choices) option.choices(declaration.choices);
    if (declaration.showDefault) option.default(DEFAULT_OPTIONS[key]);
    const parse = declaration.parse;
    if (parse)
      option.argParser((text: string, previous: GlobalOptions[Key] | undefined) => {
        const read = parse(text, previous ?? DEFAULT_OPTIONS[key]);
        if ('problem' in read) throw new InvalidArgumentError(read.problem);
        return read.value;
      });
    program.addOption(option);
  }
  return program;
}

/**
 * The global options as `program` read them, defaults filled in; a value a declaration's `check`
 * refuses is a usage error (`program.error`).
 */
export function readGlobalOptions(program: Command): GlobalOptions {
  const given = program.opts<Record<string, unknown>>();
  const options: Record<string, unknown> = {};
  const all = declared();
  for (const [key, , option] of all) options[key] = given[option.attributeName()] ?? DEFAULT_OPTIONS[key];
  const resolved = options as unknown as GlobalOptions;
  for (const [, declaration, option] of all) {
    const problem = declaration.check?.(resolved);
    if (problem !== undefined) program.error(`error: ${option.long} ${problem}`);
  }
  return resolved;
}
