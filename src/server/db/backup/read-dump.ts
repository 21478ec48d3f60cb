import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { DUMP_FORMAT, READABLE_DUMP_FORMATS, type DumpChunk, type DumpHeader, type DumpMediaFile, type DumpTrailer } from './dump-format.js';

export type DumpEntry = { kind: 'chunk'; chunk: DumpChunk } | { kind: 'media'; file: DumpMediaFile } | { kind: 'trailer'; trailer: DumpTrailer };

/** Opens a dump: its checked header, then its chunks and trailer one line at a time. */
export async function openDump(file: string): Promise<{ header: DumpHeader; entries: AsyncGenerator<DumpEntry> }> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const first = await lines.next();
  const header = (first.done ? null : parseLine(first.value, 1)) as DumpHeader | null;
  if (header?.format !== DUMP_FORMAT) throw new Error(`${file} is not a back-office dump.`);
  if (!READABLE_DUMP_FORMATS.includes(header.formatVersion))
    throw new Error(`${file} is a dump of format ${header.formatVersion}; this version reads formats ${READABLE_DUMP_FORMATS.join(' and ')}.`);

  async function* entries(): AsyncGenerator<DumpEntry> {
    let lineNumber = 1;
    let ended = false;
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      lineNumber++;
      if (ended) throw new Error(`${file} has data after its end (line ${lineNumber}).`);
      const entry = parseLine(next.value, lineNumber) as Partial<DumpChunk & DumpTrailer & DumpMediaFile>;
      if (entry.end === true) {
        ended = true;
        yield { kind: 'trailer', trailer: entry as DumpTrailer };
      } else if (typeof entry.table === 'string' && Array.isArray(entry.rows)) {
        yield { kind: 'chunk', chunk: entry as DumpChunk };
      } else if (typeof entry.media === 'string' && typeof entry.base64 === 'string') {
        yield { kind: 'media', file: entry as DumpMediaFile };
      } else {
        throw new Error(`${file} line ${lineNumber} is neither rows, a media file nor the end.`);
      }
    }
    if (!ended) throw new Error(`${file} is incomplete: it stops before its end marker (cut short while written or copied).`);
  }
  return { header, entries: entries() };
}

function parseLine(line: string, lineNumber: number): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new Error(`Line ${lineNumber} of the dump is not valid JSON (the file is damaged).`);
  }
}
