import { PartSink } from '../part-sink.ts';
import type { ExportedFile } from './records.ts';
import type { ExportWork, JobOutput } from './store.ts';

/** Bytes of a part of a job's file as it is sent into storage: S3 takes parts of 5 MiB at least. */
const PART_BYTES = 8 * 1024 * 1024;

/** Where a run writes a job's file: its one object, sent in parts as the route's renderer writes it, complete once the file is whole. */
export function jobOutput(work: ExportWork, companyId: string, exportId: string): JobOutput {
  let sink: PartSink | undefined;
  let file: Omit<ExportedFile, 'lines' | 'bytes'> | undefined;
  let written: ExportedFile | undefined;
  return {
    open(fileName, contentType, cap) {
      const parts = work.fileParts(companyId, exportId, contentType);
      file = { objectKey: parts.objectKey, fileName, contentType };
      sink = new PartSink(cap, PART_BYTES, parts);
      return sink;
    },
    async close(_sink, rows) {
      if (!sink || !file) throw new Error('The export file was closed before it was opened');
      await sink.complete();
      written = { ...file, lines: rows, bytes: sink.bytes };
    },
    async abort() {
      await sink?.abort();
    },
    get written() {
      return written;
    },
  };
}
