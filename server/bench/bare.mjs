// The baseline of the benchmark: a bare Express 5 app sending fixed bytes from memory.
// BARE_PORT, and BARE_FILES=route=file,route=file (each file's bytes served as JSON at /route).
import fs from 'node:fs';
import express from 'express';

const app = express();
for (const pair of (process.env.BARE_FILES ?? '').split(',').filter(Boolean)) {
  const [route, file] = pair.split('=');
  const body = fs.readFileSync(file);
  app.get(`/${route}`, (_req, res) => {
    res.type('application/json').send(body);
  });
}
app.listen(Number(process.env.BARE_PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
