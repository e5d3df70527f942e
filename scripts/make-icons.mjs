// Writes the app icons into build/ as PNG (a purple-to-pink disc with a white house roof),
// using only node's zlib, so packaging needs no image tools. Run: node scripts/make-icons.mjs
import fs from 'node:fs';
import zlib from 'node:zlib';

function crc32(buf) {
  let crc = ~0;
  for (const b of buf) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return ~crc >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function icon(size) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const i = y * (size * 4 + 1) + 1 + x * 4;
      const d = Math.hypot(x - c + 0.5, y - c + 0.5) / c;
      const t = (x + y) / (2 * size);
      let [r, g, b, a] = [Math.round(109 + (219 - 109) * t), Math.round(40 + (39 - 40) * t), Math.round(217 + (119 - 217) * t), d <= 0.96 ? 255 : 0];
      // A roof and a door: the neighbourhood.
      const nx = (x - c) / c;
      const ny = (y - c) / c;
      const roof = ny > -0.45 && ny < -0.05 && Math.abs(nx) < 0.5 - (ny + 0.45) * -0 && Math.abs(nx) <= (ny + 0.45) * 1.25;
      const house = ny >= -0.05 && ny <= 0.5 && Math.abs(nx) <= 0.38;
      const door = ny >= 0.15 && ny <= 0.5 && Math.abs(nx) <= 0.1;
      if (a && (roof || house) && !door) [r, g, b] = [255, 255, 255];
      raw[i] = r;
      raw[i + 1] = g;
      raw[i + 2] = b;
      raw[i + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
fs.mkdirSync('build/icons', { recursive: true });
fs.writeFileSync('build/icon.png', icon(512));
for (const s of [16, 32, 48, 64, 128, 256, 512]) fs.writeFileSync(`build/icons/${s}x${s}.png`, icon(s));
fs.writeFileSync('build/tray.png', icon(32));
console.log('icons written to build/');
