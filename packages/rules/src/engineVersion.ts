/**
 * The version of the rules this engine plays. A stored game is its setup plus its actions, so it
 * replays the same only on an engine that resolves those actions the same way. Raise this number with
 * any change that would make an earlier action log replay differently (or fail): a server then refuses
 * to restore games stored under another version, and marks them aborted instead of guessing.
 */
export const ENGINE_VERSION = 1;
