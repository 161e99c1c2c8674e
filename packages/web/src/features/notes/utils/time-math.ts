/** `minutes` of real time after (or, negative, before) an instant. */
export const addElapsedMinutes = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);
