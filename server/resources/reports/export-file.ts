import { Writable } from 'node:stream';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { exportFileChunks, exportJobs } from '../../db/schema';

/**
 * An export's file lives in the database, in pieces of about this size: any server sharing the
 * database serves any download, and neither writing nor reading holds more than one piece.
 */
export const FILE_CHUNK_BYTES = 1024 * 1024;

/**
 * A stream an export writer writes its file into; every ~1 MB goes to the database as one
 * piece. `store` refuses a piece (and so fails the write) when the job is no longer ours.
 */
export function exportFileSink(store: (seq: number, data: Uint8Array) => Promise<void>) {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let bytes = 0;
  async function flush() {
    if (pendingBytes === 0) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await store(seq, data);
    seq += 1;
    bytes += data.length;
  }
  let failure: Error | undefined;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes < FILE_CHUNK_BYTES) callback();
      else flush().then(() => callback(), callback);
    },
    final(callback) {
      flush().then(() => callback(), callback);
    },
  });
  // Kept for the runner to rethrow: an 'error' nobody listens to would end the process.
  stream.on('error', (error) => {
    failure = error;
  });
  return {
    stream,
    bytes: () => bytes,
    /** Throws the error a store failed with, if any. */
    check() {
      if (failure) throw failure;
    },
  };
}

/**
 * Stores one piece of a job's file, if the job is still this server's: a server that lost the
 * job to another (its lease lapsed) must not add pieces to the new holder's file.
 */
export async function storeFileChunk(db: Db, piece: { jobId: string; owner: string; seq: number; data: Uint8Array }) {
  await db.transaction(async (tx) => {
    const [held] = await tx
      .select({ id: exportJobs.id })
      .from(exportJobs)
      .where(and(eq(exportJobs.id, piece.jobId), eq(exportJobs.leaseOwner, piece.owner)))
      .for('share');
    if (!held) throw new Error(`Export ${piece.jobId} is no longer this server's.`);
    await tx.insert(exportFileChunks).values({ jobId: piece.jobId, seq: piece.seq, data: piece.data });
  });
}

/** Forgets a job's file pieces, before it starts again or after it failed. */
export async function dropExportFile(db: Db, jobId: string) {
  await db.delete(exportFileChunks).where(eq(exportFileChunks.jobId, jobId));
}

/** The job's file, read one piece at a time as the client takes it. */
export function readExportFile(db: Db, jobId: string): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const [piece] = await db
        .select({ seq: exportFileChunks.seq, data: exportFileChunks.data })
        .from(exportFileChunks)
        .where(and(eq(exportFileChunks.jobId, jobId), gt(exportFileChunks.seq, next - 1)))
        .orderBy(asc(exportFileChunks.seq))
        .limit(1);
      if (!piece) {
        controller.close();
        return;
      }
      next = piece.seq + 1;
      controller.enqueue(new Uint8Array(piece.data));
    },
  });
}

/**
 * Deletes the exports finished before `before`, their files with them (the pieces cascade). One
 * statement, so any number of servers may run it at once.
 */
export async function purgeExports(db: Db, before: Date): Promise<number> {
  const gone = await db.delete(exportJobs).where(lt(exportJobs.finishedAt, before)).returning({ id: exportJobs.id });
  return gone.length;
}
