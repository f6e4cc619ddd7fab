// Runs the official e-invoice validators over generated CII documents and prints one table row per document.
//
//   node scripts/validate-einvoices.mjs <validator-dir> <document.xml>...
//
// <validator-dir> is prepared by hand outside the repository (nothing of it is committed, decision 0092):
//   xsd/CrossIndustryInvoice_100pD16B.xsd   the UN/CEFACT CII D16B XSD with its imports (EN 16931 repository)
//   cen.xslt                                the CEN EN 16931 CII validation XSLT (EN16931-CII-validation.xslt)
//   kosit.xsl                               KoSIT's XRechnung CII rules, compiled to XSLT
// and needs xmllint and a Saxon HE jar (SAXON_JAR, default /usr/share/java/Saxon-HE.jar) with java.
// Documents come from the e-invoice tests: EINVOICE_DUMP_DIR=<dir> npm run test:unit -- <test file>.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';

const [dir, ...files] = process.argv.slice(2);
if (!dir || files.length === 0) {
  console.error('usage: node scripts/validate-einvoices.mjs <validator-dir> <document.xml>...');
  process.exit(2);
}
const xsd = join(dir, 'xsd', 'CrossIndustryInvoice_100pD16B.xsd');
const saxon = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';
for (const f of [xsd, join(dir, 'cen.xslt'), join(dir, 'kosit.xsl'), saxon]) {
  if (!existsSync(f)) {
    console.error(`missing: ${f}`);
    process.exit(2);
  }
}
const work = mkdtempSync(join(tmpdir(), 'einvoice-validation-'));

function xsdResult(file) {
  const r = spawnSync('xmllint', ['--noout', '--schema', xsd, file], { encoding: 'utf8' });
  if (r.status === 0) return 'pass';
  const errors = r.stderr
    .split('\n')
    .filter((l) => l.includes('error'))
    .map((l) => l.replace(/^.*?Schemas validity error : /, ''));
  return `FAIL (${errors.join('; ')})`;
}

/** The failed asserts and successful reports of an SVRL report: fatal ones fail, warnings are listed. */
function schematronResult(file, xslt) {
  const out = join(work, `${basename(file)}.${basename(xslt)}.svrl`);
  execFileSync('java', ['-cp', saxon, 'net.sf.saxon.Transform', `-s:${file}`, `-xsl:${xslt}`, `-o:${out}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const svrl = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true }).parse(readFileSync(out, 'utf8'));
  const messages = [];
  const visit = (node) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      for (const v of Array.isArray(value) ? value : [value]) {
        if (key === 'failed-assert' || key === 'successful-report') {
          messages.push({ id: v['@_id'] ?? '?', flag: (v['@_flag'] ?? v['@_role'] ?? 'fatal').toLowerCase() });
        } else visit(v);
      }
    }
  };
  visit(svrl);
  const fatal = messages.filter((m) => !['warning', 'information', 'info'].includes(m.flag)).map((m) => m.id);
  const warnings = messages.filter((m) => ['warning', 'information', 'info'].includes(m.flag)).map((m) => m.id);
  return (
    (fatal.length === 0 ? 'pass' : `FAIL (${[...new Set(fatal)].join(', ')})`) +
    (warnings.length === 0 ? '' : ` warnings: ${[...new Set(warnings)].join(', ')}`)
  );
}

console.log('| document | CII D16B XSD | CEN EN 16931 | KoSIT XRechnung |');
console.log('| --- | --- | --- | --- |');
let failed = false;
for (const file of files) {
  const row = [
    xsdResult(file),
    schematronResult(file, join(dir, 'cen.xslt')),
    schematronResult(file, join(dir, 'kosit.xsl')),
  ];
  failed ||= row.some((r) => r.startsWith('FAIL'));
  console.log(`| ${basename(file)} | ${row.join(' | ')} |`);
}
process.exit(failed ? 1 : 0);
