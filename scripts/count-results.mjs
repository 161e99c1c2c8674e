// Sums Vitest JSON reports into the closing line CI reads: `tests: N passed, N failed`.
// A missing report, or a test file that failed to load, counts as a failure, so a crash cannot
// pass as "0 failed".
import fs from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.error(`missing test report ${file}`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  let counted = report.numFailedTests ?? 0;
  for (const suite of report.testResults ?? []) {
    const failures = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    // Named again here, at the end, so a failure is found without scrolling the whole run.
    for (const failure of failures) console.error(`FAILED ${suite.name} > ${failure.fullName}`);
    const anyFailed = failures.length > 0;
    if (suite.status === 'failed' && !anyFailed) {
      console.error(`FAILED ${suite.name}: ${suite.message ?? 'failed to run'}`);
      failed += 1;
      counted += 1;
    }
  }
  // A run that failed outside any test (a global setup that threw, no test files) still failed.
  if (report.success === false && counted === 0) {
    console.error(`${file}: the run failed outside its tests`);
    failed += 1;
  }
}
console.log(`tests: ${passed} passed, ${failed} failed`);
