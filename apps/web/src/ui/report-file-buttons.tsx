import { saveFile } from '../lib/upload.ts';
import { ExportButtons } from './export-buttons.tsx';

/**
 * A report's export as CSV or XLSX: the same call as the list with `format`, answered as a file the server writes
 * in the user's language (a German CSV with `;` and decimal commas, decision 0131).
 */
export function ReportFileButtons({
  path,
  body,
  fileName,
  label,
}: {
  path: string;
  body: object;
  /** The file's name without its extension. */
  fileName: string;
  /** What the file holds, where the screen shows more than it exports. */
  label?: string;
}) {
  return (
    <ExportButtons
      label={label}
      onExport={(format) => saveFile(path, { body: { ...body, format }, fileName: `${fileName}.${format}` })}
    />
  );
}
