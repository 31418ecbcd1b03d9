/** A score or a change as shown: "+300", "-150", "0". */
export const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));
