import type { Command } from 'commander';
import { build } from './build.js';
import { configSchema } from './config-schema.js';
import { dev } from './dev.js';
import { diff } from './diff.js';
import type { CliCommand, CommandHost } from './host.js';
import { mcp } from './mcp.js';
import { serve } from './serve.js';
import { types } from './types.js';
import { validate } from './validate.js';

export type { CommandHost } from './host.js';

/** Every command, one module each, in the order `--help` lists them. */
const COMMANDS: readonly CliCommand[] = [build, serve, dev, validate, diff, types, mcp, configSchema];

export function registerCommands(program: Command, host: CommandHost): void {
  for (const command of COMMANDS) command(program, host);
}
