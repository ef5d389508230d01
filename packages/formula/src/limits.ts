// Hard limits so hostile input cannot exhaust the stack or memory of the browser or the server.

/** Longest formula source accepted, in characters. */
export const MAX_FORMULA_LENGTH = 2000;
/** Deepest nesting of parentheses, function calls and prefix operators. */
export const MAX_FORMULA_DEPTH = 64;
/** Longest text a formula may produce (Excel's cell limit); REPT/SUBSTITUTE check before building. */
export const MAX_TEXT_LENGTH = 32767;
