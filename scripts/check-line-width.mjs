// Fails when a git-tracked source line (*.ts, *.tsx, *.js, *.mjs, *.css) is longer than the
// printWidth in .prettierrc.json. Prettier wraps code to that width but leaves long strings,
// template literals, regexes and comments as they are, so this check catches what it cannot.
// Run by `npm run lint`; prints `file:line: N characters` for each long line and exits 1 if any.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const { printWidth } = JSON.parse(readFileSync('.prettierrc.json', 'utf8'));
if (!Number.isInteger(printWidth)) throw new Error('.prettierrc.json has no integer printWidth');

const patterns = ['*.ts', '*.tsx', '*.js', '*.mjs', '*.css'];
const files = execFileSync('git', ['ls-files', '-z', '--', ...patterns], { encoding: 'utf8' })
  .split('\0')
  .filter(Boolean);

let long = 0;
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  lines.forEach((line, index) => {
    // Counted in characters (code points), as Prettier measures width, not UTF-16 units.
    const width = [...line].length;
    if (width > printWidth) {
      console.log(`${file}:${index + 1}: ${width} characters`);
      long++;
    }
  });
}
if (long > 0) {
  console.log(`${long} line(s) longer than printWidth ${printWidth} (.prettierrc.json)`);
  process.exit(1);
}
