/** The i-th item of a list a test built or was answered: a miss fails the test with a clear message. */
export function nth<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`expected an item at ${i} in a list of ${list.length}`);
  return item;
}
