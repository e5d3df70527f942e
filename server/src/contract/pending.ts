/**
 * Routes the server mounts that shared/src/contract does not describe yet. The contract test
 * fails for any mounted route outside the contract and this list, and for a line here that is
 * already described or no longer mounted: the list only shrinks, to empty.
 */
export const NOT_YET_IN_CONTRACT: readonly string[] = [
];
