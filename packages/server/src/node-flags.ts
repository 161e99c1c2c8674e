/**
 * The flags Node runs the server with: `npm start` gives them (packages/server/package.json,
 * "start"; `node-flags.test.ts` keeps the two the same), and so do the benches, which run the
 * server as `npm start` does.
 *
 * `--max-semi-space-size=32`: a young generation of 32 MB per half instead of V8's 16 MB. A
 * request's objects live until its answer is sent, and under load 64 answers are on their way at
 * once, so with the default size each scavenge found megabytes still alive, copied them, and
 * promoted much of it to the old generation, which then needed frequent full collections. With
 * twice the room most of a request's objects are garbage by the next scavenge (docs/performance.md,
 * "The young generation"). It costs at most 48 MB more memory (the young generation is three times
 * a half: two halves and its large-object space).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'] as const;
