import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, pipeline } from 'node:stream';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import busboy from 'busboy';
import { TEXTS } from '@mahalle/shared';
import { errors } from '../errors';

/** A file field a route takes, with its own size cap and the text its 413 carries. */
export interface FileField {
  name: string;
  maxBytes: number;
  tooLargeText: string;
  maxCount?: number;
}

/** One uploaded part, on disk in a temporary file that is removed when the response is done. */
export interface UploadedFile {
  field: string;
  path: string;
  size: number;
  /** What the browser said; never trusted (types are read from the bytes, names are not used). */
  originalName: string;
  declaredType: string;
}

const filesByRequest = new WeakMap<Request, Record<string, UploadedFile[]>>();

/** The uploaded files of a multipart request, by field name. */
export function filesOf(req: Request): Record<string, UploadedFile[]> {
  return filesByRequest.get(req) ?? {};
}

/** After a refusal, the rest of the body is drained (never kept) this long so the client reads the answer, then the connection is cut. */
const DRAIN_MS = 5_000;
/**
 * ...but no more than this much of it (Go's net/http reads 256 KiB): a refused 45 MB upload read to its end is 40 MB of
 * chunks left for the garbage collector, some 15 MiB of a burst's peak. Past it, the answer written, the connection is
 * half-closed and cut LINGER_MS later: the client has had the 413 by then, and the unread rest never enters the process.
 */
const DRAIN_BYTES = 1024 * 1024;
const LINGER_MS = 500;

/**
 * Parts (and image copies made from them) left by a process that was killed mid-request. Only old ones: another node sharing
 * DATA_DIR may be writing fresh parts right now.
 */
function sweepStale(tmpDir: string, olderThanMs = 60 * 60 * 1000): void {
  const before = Date.now() - olderThanMs;
  for (const name of fs.readdirSync(tmpDir)) {
    const file = path.join(tmpDir, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat && stat.mtimeMs < before) fs.rmSync(file, { force: true });
  }
}

interface Part {
  file: UploadedFile;
  /** Settles when the temporary file is closed (written, failed or destroyed). */
  closed: Promise<void>;
  out: fs.WriteStream;
}

/**
 * Streams each file part of a multipart/form-data body into its own temporary file under `tmpDir`
 * and the text fields into req.body. Nothing is held in memory beyond a chunk: a part over its
 * field's cap stops the parsing at once with a 413, and every temporary file of the request is
 * removed when the response ends, whether it was accepted, refused or cut off mid-body.
 *
 * busboy is used directly rather than through multer: caps differ per field (an image and a video on
 * the same form), and the clean-up has to wait for each file to be closed before removing it,
 * which multer's storage engines leave to chance on an aborted request.
 */
export function multipart(tmpDir: string, fields: FileField[]): RequestHandler {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const maxFiles = fields.reduce((n, f) => n + (f.maxCount ?? 1), 0);
  fs.mkdirSync(tmpDir, { recursive: true });
  sweepStale(tmpDir);

  return (req: Request, res: Response, next: NextFunction) => {
    if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data')) return next();

    const parts: Part[] = [];
    const body: Record<string, string> = Object.create(null);
    const files: Record<string, UploadedFile[]> = {};
    let settled = false;

    const removeAll = async () => {
      for (const part of parts) {
        part.out.destroy();
        await part.closed;
        await fs.promises.rm(part.file.path, { force: true });
      }
    };
    // 'close' comes after the answer is sent and when the client goes away mid-body alike.
    res.once('close', () => {
      settled = true;
      void removeAll();
    });

    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: { files: maxFiles, fields: 30, fieldSize: 64 * 1024, parts: maxFiles + 30, headerPairs: 50 },
      });
    } catch {
      // No boundary, or not multipart at all after the type.
      return next(errors.badRequest(TEXTS.errors.invalidMultipart, 'invalid_multipart'));
    }

    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(bb);
      bb.removeAllListeners();
      bb.on('error', () => undefined);
      for (const part of parts) part.out.destroy();
      // The rest of the body goes nowhere (no 'Connection: close': Node would then cut the socket as
      // soon as the answer is written, and a client still sending would get a reset, not the 413).
      // A client that keeps sending longer than DRAIN_MS after the answer, or more than DRAIN_BYTES, is cut off.
      let drained = 0;
      let answered = false;
      const socket = req.socket;
      const cut = () => {
        // Our side closed first (the client reads the answer, then the end); the rest it sends is not read.
        socket.end();
        setTimeout(() => socket.destroy(), LINGER_MS).unref();
      };
      const onData = (chunk: Buffer) => {
        drained += chunk.length;
        if (drained <= DRAIN_BYTES) return;
        req.off('data', onData);
        req.pause();
        if (answered) cut();
      };
      req.on('data', onData);
      req.resume();
      res.once('finish', () => {
        answered = true;
        if (req.complete) return;
        if (drained > DRAIN_BYTES) return cut();
        const timer = setTimeout(() => socket.destroy(), DRAIN_MS);
        timer.unref();
        req.once('end', () => clearTimeout(timer));
      });
      next(err);
    };
    const malformed = () => errors.badRequest(TEXTS.errors.invalidMultipart, 'invalid_multipart');
    const unexpected = () => errors.badRequest(TEXTS.social.unexpectedFile, 'unexpected_file');

    bb.on('file', (name, stream, info) => {
      const field = byName.get(name);
      if (settled) return void stream.resume();
      // A NUL in a file name is no browser's doing (the name is not used, but is refused like the rest).
      if ((info.filename ?? '').includes('\0')) return fail(malformed());
      if (!field || (files[name]?.length ?? 0) >= (field.maxCount ?? 1)) return fail(unexpected());
      const file: UploadedFile = {
        field: name,
        path: path.join(tmpDir, `${crypto.randomUUID()}.part`),
        size: 0,
        originalName: info.filename ?? '',
        declaredType: info.mimeType,
      };
      const out = fs.createWriteStream(file.path, { flags: 'wx' });
      const closed = new Promise<void>((resolve) => out.once('close', resolve));
      parts.push({ file, closed, out });
      (files[name] ??= []).push(file);
      const cap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          file.size += chunk.length;
          if (file.size > field.maxBytes) return done(errors.tooLarge(field.tooLargeText));
          done(null, chunk);
        },
      });
      pipeline(stream, cap, out, (err) => {
        if (!err || settled) return;
        // The cap's 413, or the disk refusing the write (a 500 from the error middleware).
        fail(err);
      });
    });
    bb.on('field', (name, value, info) => {
      if (settled) return;
      if (info.nameTruncated || info.valueTruncated) return fail(errors.badRequest());
      body[name] = value;
    });
    bb.on('filesLimit', () => fail(unexpected()));
    bb.on('fieldsLimit', () => fail(errors.badRequest()));
    bb.on('partsLimit', () => fail(errors.badRequest()));
    // busboy's own complaints: a body cut short, a malformed part header.
    bb.on('error', () => fail(malformed()));
    bb.on('close', () => {
      if (settled) return;
      void Promise.all(parts.map((p) => p.closed)).then(() => {
        if (settled) return;
        // A file that failed to be written has already failed the request; the rest are complete.
        req.body = body;
        filesByRequest.set(req, files);
        next();
      });
    });
    req.pipe(bb);
  };
}
