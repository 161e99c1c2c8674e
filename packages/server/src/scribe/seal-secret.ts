import { sealSecret, secretKeyFrom } from './secret-box.ts';

/**
 * Prints a provider API key sealed for CASELOAD_SCRIBE_API_KEY:
 * `CASELOAD_SECRET_KEY=... npx tsx packages/server/src/scribe/seal-secret.ts` with the key on stdin.
 */
const chunks: Buffer[] = [];
process.stdin.on('data', (c: Buffer) => chunks.push(c));
process.stdin.on('end', () => {
  const key = secretKeyFrom(process.env.CASELOAD_SECRET_KEY ?? '');
  process.stdout.write(`${sealSecret(Buffer.concat(chunks).toString('utf8').trim(), key)}\n`);
});
