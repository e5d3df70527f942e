import { Alert } from 'antd';
import { ApiError, errorMessage } from '../../api/client';

/** What a CSV import in the admin panel answered: a summary, or the refusal with its lines (nothing was written). */
export type CsvImportOutcome = { ok: string } | { error: string; rows: { path: string; message: string }[] };

/** The refusal of an import, with the server's per-line reasons (`details`) when it gave them. */
export function csvImportFailure(err: unknown, fallback: string): CsvImportOutcome {
  return { error: errorMessage(err, fallback), rows: err instanceof ApiError ? (err.details ?? []) : [] };
}

/** The outcome under an import form: green with the summary, or red with each refused line. */
export function CsvImportResult({ outcome, testId }: { outcome: CsvImportOutcome | null; testId: string }) {
  if (!outcome) return null;
  if ('ok' in outcome) return <Alert type="success" showIcon message={outcome.ok} data-testid={`${testId}-result`} />;
  return (
    <Alert
      type="error"
      showIcon
      message={outcome.error}
      data-testid={`${testId}-errors`}
      description={
        outcome.rows.length > 0 && (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {outcome.rows.map((r) => (
              <li key={`${r.path}-${r.message}`}>
                {r.path}: {r.message}
              </li>
            ))}
          </ul>
        )
      }
    />
  );
}
