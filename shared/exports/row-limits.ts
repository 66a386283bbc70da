import { ExportTooLarge, type ExportLimits } from './limits.ts';
import type { ByteSink } from './byte-sink.ts';
import type { TableRow } from './table.ts';

/**
 * Keeps an export within its limits while a renderer writes it: `rows()` yields the table's
 * rows and stops with ExportTooLarge at the first row past the line cap, or once the file
 * written so far is past the byte cap; `finish()` checks the bytes the renderer wrote after the
 * last row. The error names the date of the first line left out (for the byte cap: the line
 * being written when the cap was passed). Rows without a date (headings, totals) are not lines.
 */
export class RowLimits {
  private lines = 0;
  private lastDate: string | undefined;
  /** Rows handed to the renderer: the file's rows below its header. */
  rowsWritten = 0;

  constructor(
    private readonly sink: ByteSink,
    private readonly limits: ExportLimits,
    private readonly dateFrom?: string,
  ) {}

  async *rows(rows: Iterable<TableRow> | AsyncIterable<TableRow>): AsyncGenerator<TableRow> {
    for await (const row of rows) {
      await this.next(row.date);
      yield row;
    }
  }

  /**
   * A row about to be written, a line when it has a date (a writer that makes no table rows, the
   * SAF-T export, calls it for each of its lines). Errors: ExportTooLarge.
   */
  async next(date: string | undefined): Promise<void> {
    this.finish();
    if (date !== undefined) {
      this.lines += 1;
      if (this.lines > this.limits.lines) throw new ExportTooLarge(this.limits, date, this.dateFrom);
      this.lastDate = date;
    }
    // A sink sending the file on as it is written (an export job's) holds the next row while its sends are behind.
    if (this.sink.behind) await this.sink.caughtUp();
    this.rowsWritten += 1;
  }

  /** Errors: ExportTooLarge when the file is past the byte cap. */
  finish(): void {
    if (this.sink.overflowed) throw this.tooLarge();
  }

  /** The error of a file past its byte cap, naming the line written last (a file whose other parts are written after its lines passes the cap there: the SAF-T export's). */
  tooLarge(): ExportTooLarge {
    return new ExportTooLarge(this.limits, this.lastDate, this.dateFrom);
  }
}
