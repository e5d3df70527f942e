import zlib from 'node:zlib';

function crc32(buf: Buffer): number {
  let c: number;
  let crc = 0xffffffff;
  for (let n = 0; n < buf.length; n++) {
    c = (crc ^ buf.readUInt8(n)) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real PNG image of the given size (solid colour), built from bytes. */
export function makePng(width = 2, height = 2, padTo = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height, 0x7f);
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0;
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw))];
  if (padTo > 0) parts.push(chunk('tEXt', Buffer.alloc(padTo, 0x61)));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8, 0);
  header.write(type, 4, 'ascii');
  return Buffer.concat([header, body]);
}

/** A minimal MP4 container (ftyp + moov/mvhd) that says it lasts `seconds`. */
export function makeMp4(seconds: number): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom', 'ascii'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41', 'ascii'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(0, 0); // version + flags
  mvhd.writeUInt32BE(0, 4); // creation
  mvhd.writeUInt32BE(0, 8); // modification
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(Math.round(seconds * 1000), 16); // duration
  mvhd.writeUInt32BE(0x00010000, 20); // rate
  mvhd.writeUInt16BE(0x0100, 24); // volume
  // matrix (identity)
  mvhd.writeUInt32BE(0x00010000, 36);
  mvhd.writeUInt32BE(0x00010000, 52);
  mvhd.writeUInt32BE(0x40000000, 68);
  mvhd.writeUInt32BE(2, 96); // next track id
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd))]);
}

function ebml(id: number[], payload: Buffer): Buffer {
  const size = payload.length;
  // 8-byte size VINT keeps the builder simple.
  const sizeBytes = Buffer.alloc(8);
  sizeBytes.writeBigUInt64BE(BigInt(size));
  sizeBytes[0] = 0x01;
  return Buffer.concat([Buffer.from(id), sizeBytes, payload]);
}

/** A minimal WebM (EBML header + Segment > Info with TimecodeScale and Duration). */
export function makeWebm(seconds: number): Buffer {
  const header = ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from('webm', 'ascii')));
  const scale = Buffer.alloc(3);
  scale.writeUIntBE(1_000_000, 0, 3);
  const dur = Buffer.alloc(8);
  dur.writeDoubleBE(seconds * 1000);
  const info = ebml([0x15, 0x49, 0xa9, 0x66], Buffer.concat([ebml([0x2a, 0xd7, 0xb1], scale), ebml([0x44, 0x89], dur)]));
  return Buffer.concat([header, ebml([0x18, 0x53, 0x80, 0x67], info)]);
}

/**
 * A PNG whose header says width×height (1-bit grey) with all its rows of zeros deflated: 60000×60000
 * is a 437 KB file that decodes to 3.6 gigapixels. Built by streaming, never held unpacked.
 */
export function makePngBomb(width = 60000, height = 60000): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(width / 8);
  let left = rowBytes * height;
  const zeros = Buffer.alloc(1 << 20);
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  return new Promise((resolve, reject) => {
    deflate.on('error', reject);
    deflate.on('end', () => {
      const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      resolve(Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', Buffer.concat(out)), chunk('IEND', Buffer.alloc(0))]));
    });
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, zeros.length);
        left -= n;
        if (!deflate.write(zeros.subarray(0, n))) return void deflate.once('drain', pump);
      }
      deflate.end();
    };
    pump();
  });
}
