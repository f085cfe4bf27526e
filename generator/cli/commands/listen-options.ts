import { InvalidArgumentError, type Command } from 'commander';

export interface ListenFlags {
  port: number;
  host: string;
}

/** `--port` and `--host`, the same for every command that serves the site. */
export function withListenOptions(command: Command): Command {
  return command
    .option('-p, --port <n>', 'port to listen on (0 picks a free one)', parsePort, 3000)
    .option('--host <host>', 'interface to listen on', '127.0.0.1');
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError('must be a whole number from 0 to 65535');
  return port;
}
