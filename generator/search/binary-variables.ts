/** The environment variables that name Pagefind's program instead of the npm package's, the first set one winning. */
export const PAGEFIND_BINARY_VARIABLES = ['PAGEFIND_EXTENDED_BINARY_PATH', 'PAGEFIND_BINARY_PATH'] as const;

/** The program the environment names, if any. */
export function namedPagefindBinary(): string | undefined {
  for (const name of PAGEFIND_BINARY_VARIABLES) if (process.env[name]) return process.env[name];
  return undefined;
}
