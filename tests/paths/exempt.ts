/**
 * Machines of `src/` with no path graph, each with its reason (at most three: a machine with no
 * behaviour of its own). The coverage test finds every machine by reading the code and fails for
 * one that is neither graphed nor listed here.
 */
export const EXEMPT: readonly { id: string; file: string; reason: string }[] = [];
