// Runs before `npm start` and `npm test` on whatever Node is first on PATH, so it is written for
// old ones too (no modern syntax): one clear line instead of an error deep inside a dependency.
var major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    'ledger-service needs Node.js 22 or newer (this is ' + process.version + '). Install Node 24 from npm and put it first on PATH: ' +
      'npm install --prefix ~/.node24 node@24 && export PATH=~/.node24/node_modules/node/bin:$PATH',
  );
  process.exit(1);
}
