/** Where the CLI writes: the process's streams, or a test's buffers. */
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}
