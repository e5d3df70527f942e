// The baseline of the benchmark: a bare Express 5 app sending fixed bytes from memory.
// BARE_PORT, and BARE_FILES=route=file,route=file=br (each file's bytes served as JSON at /route;
// a third part names the encoding the bytes are already in, sent as Content-Encoding).
import fs from 'node:fs';
import express from 'express';

const app = express();
for (const pair of (process.env.BARE_FILES ?? '').split(',').filter(Boolean)) {
  const [route, file, encoding] = pair.split('=');
  const body = fs.readFileSync(file);
  app.get(`/${route}`, (_req, res) => {
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.type('application/json').send(body);
  });
}
app.listen(Number(process.env.BARE_PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
