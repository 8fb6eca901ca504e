/** Where the CLI writes; tests pass their own to capture it. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  isTty: boolean;
  env: NodeJS.ProcessEnv;
  /** Standard input as text (for `login`), read only when asked. */
  readStdin: () => Promise<string>;
}

export function processIo(): CliIo {
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    isTty: process.stdout.isTTY,
    env: process.env,
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const c of process.stdin) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}

/** Plain fixed-width table for terminals. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return (
    rows
      .map((r) =>
        r
          .map((c, i) => c.padEnd(widths[i] ?? 0))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}
