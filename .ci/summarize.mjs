// Sums the runners' JSON reports into the one line CI reads: "N passed, N failed". Besides vitest's
// and Playwright's, `checks-*.json` from CI's own steps (.ci/container): { checks: [{ name, status:
// "passed" | "failed" | "skipped", detail }] }; a skipped check is listed with its reason. Each
// failure is named with the first line of its error, so that the end of the log says what failed.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const folder = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function firstLine(message = "") {
  const line =
    message
      .split("\n")
      .find((text) => text.trim() !== "")
      ?.trim() ?? "";
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

function countPlaywright(suites = []) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "skipped") skipped++;
        else if (test.status === "expected" || test.status === "flaky") passed++;
        else {
          failed++;
          const error = test.results?.at(-1)?.error?.message;
          failures.push(`${spec.file}:${spec.line} ${spec.title}: ${firstLine(error)}`);
        }
      }
    }
    countPlaywright(suite.suites);
  }
}

for (const file of existsSync(folder) ? readdirSync(folder) : []) {
  const report = JSON.parse(readFileSync(path.join(folder, file), "utf8"));
  if (file.startsWith("checks-")) {
    const before = { passed, failed };
    for (const check of report.checks) {
      if (check.status === "passed") passed++;
      else if (check.status === "skipped") {
        skipped++;
        console.log(`${file}: skipped "${check.name}": ${check.detail}`);
      } else {
        failed++;
        failures.push(`${file}: ${check.name}: ${firstLine(check.detail)}`);
      }
    }
    console.log(`${file}: ${passed - before.passed} passed, ${failed - before.failed} failed`);
  } else if (file.startsWith("vitest")) {
    passed += report.numPassedTests;
    failed +=
      report.numFailedTests +
      (report.numTotalTestSuites > 0 && !report.success && report.numFailedTests === 0 ? 1 : 0);
    skipped += report.numPendingTests + report.numTodoTests;
    for (const result of report.testResults) {
      const where = path.relative(process.cwd(), result.name);
      if (result.status === "failed" && result.message)
        failures.push(`${file}: ${where}: ${firstLine(result.message)}`);
      for (const test of result.assertionResults) {
        if (test.status === "failed") {
          failures.push(`${file}: ${where} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
        }
      }
    }
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else {
    const before = { passed, failed };
    countPlaywright(report.suites);
    failed += report.errors?.length ?? 0;
    for (const error of report.errors ?? []) failures.push(`${file}: ${firstLine(error.message)}`);
    console.log(`${file}: ${passed - before.passed} passed, ${failed - before.failed} failed`);
  }
}
if (passed + failed === 0) failed = 1;
for (const failure of failures) console.log(`failed: ${failure}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
