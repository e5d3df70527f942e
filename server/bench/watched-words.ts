/**
 * Benchmark of the watched-word check (not a test: it prints numbers).
 *
 *   npm run bench:words -w server
 *   npm run bench:words -w server -- --entries=2000 --runs=20000
 *
 * A list of --entries Turkish-looking words (one in ten with a `*` at an end, a few phrases, every
 * action), compiled once as the server does per list version; then --runs 280-character posts
 * (ordinary words, a dodged watched word in one in four) checked as a write is (the strongest
 * action) and as a read is (censoring). Prints the compile time and the per-post p50/p95/p99.
 */
import os from 'node:os';
import { censorWatchedWords, checkWatchedWords, compileWatchedWords, type WatchedWordAction, type WatchedWordEntry } from '@mahalle/shared';
import { rng } from './rng';

const arg = (name: string, fallback: number) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.split('=')[1]) : fallback;
};
const ENTRIES = arg('entries', 2000);
const RUNS = arg('runs', 20000);

const random = rng(27);
const LETTERS = 'abcçdefgğhıijklmnoöprsştuüvyz';
const word = (min: number, max: number) => {
  const n = min + Math.floor(random() * (max - min + 1));
  let w = '';
  for (let i = 0; i < n; i++) w += LETTERS[Math.floor(random() * LETTERS.length)];
  return w;
};
const ACTIONS: WatchedWordAction[] = ['block', 'require_approval', 'flag', 'censor'];

const entries: WatchedWordEntry[] = [];
for (let i = 0; i < ENTRIES; i++) {
  let w = word(4, 9);
  if (i % 10 === 0) w = `${w}*`;
  else if (i % 10 === 1) w = `*${w}`;
  else if (i % 25 === 2) w = `${w} ${word(3, 6)}`;
  entries.push({ id: i + 1, word: w, action: ACTIONS[i % ACTIONS.length]! });
}

const vocabulary = Array.from({ length: 3000 }, () => word(2, 10));
/** A watched word with the usual dodges: a digit for a letter, dots between, a letter repeated. */
const dodge = (w: string) =>
  w
    .replace(/\*/g, '')
    .replace(/o/g, '0')
    .replace(/a/g, '4')
    .split('')
    .map((c, i) => (i === 1 ? c + c + c : c))
    .join('.');
const posts: string[] = [];
for (let i = 0; i < 500; i++) {
  let text = '';
  while (text.length < 280) text += `${vocabulary[Math.floor(random() * vocabulary.length)]}${random() < 0.1 ? ', ' : ' '}`;
  text = text.slice(0, 280);
  if (i % 4 === 0) text = `${text.slice(0, 140)} ${dodge(entries[Math.floor(random() * entries.length)]!.word)} ${text.slice(141)}`.slice(0, 280);
  posts.push(text);
}

const t0 = performance.now();
const compiled = compileWatchedWords(entries);
const compileMs = performance.now() - t0;

function measure(label: string, fn: (text: string) => unknown) {
  for (let i = 0; i < 2000; i++) fn(posts[i % posts.length]!);
  const times: number[] = [];
  let sink = 0;
  for (let i = 0; i < RUNS; i++) {
    const text = posts[i % posts.length]!;
    const s = performance.now();
    const r = fn(text);
    times.push(performance.now() - s);
    if (r) sink++;
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(4);
  console.log(`${label.padEnd(22)} p50 ${q(0.5)} ms  p95 ${q(0.95)} ms  p99 ${q(0.99)} ms  (${sink}/${RUNS} hit)`);
}

console.log(`watched words: ${compiled.size} entries compiled in ${compileMs.toFixed(1)} ms; 280-character posts, ${RUNS} runs`);
console.log(
  `node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ${os.cpus().length} cores`,
);
measure('check (write)', (t) => checkWatchedWords(compiled, [t]));
measure('censor (read)', (t) => censorWatchedWords(compiled, t) !== t);
