// Every npm script runs on the Node pinned in devDependencies (node@24); this catches a run outside npm.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Prepaid Portal needs Node >= 24 (this is ${process.version}). Run it through npm scripts, which use the pinned node@24 from node_modules/.bin, or install Node 24.`,
  );
  process.exit(1);
}
