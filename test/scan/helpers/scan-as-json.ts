// Runs the scanner over argv paths and prints the results as JSON: lets a test scan as another
// (unprivileged) user, for whom permissions are real.
import { scanPaths, type ScannedFile } from '../../../main/scan';

const results: ScannedFile[] = [];
for await (const file of scanPaths(process.argv.slice(2))) results.push(file);
process.stdout.write(JSON.stringify(results));
